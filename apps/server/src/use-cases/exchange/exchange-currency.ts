import type {
  BodyOf,
  DataOf,
  exchangeQuote,
  exchangeRateSet,
  exchangeRecords,
  exchangeSubmit,
} from '@nivesh/contract';
import {
  type CurrencyCode,
  convertAtRate,
  formatExchangeRate,
  formatPaise,
  isCurrencyCode,
  parseExchangeRate,
  parsePaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, InvestorUseCase, StaffContext, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type ExchangeRecord,
  insertExchange,
  listOwnExchanges,
  setExchangeEntry,
} from '../../repositories/exchange.repository.js';
import {
  type ExchangeRateRecord,
  findEnabledExchangeRate,
  listExchangeRates,
  lockExchangeRate,
  saveExchangeRate,
} from '../../repositories/exchange-rate.repository.js';
import { houseAccountId, postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { refuseIfFundsBlocked } from '../funds/fund-gates.js';
import { withdrawableIn } from '../withdrawals/withdrawal-rules.js';

function toStaffRate(rate: ExchangeRateRecord) {
  return {
    from: rate.from,
    to: rate.to,
    rate: formatExchangeRate(rate.rate),
    spreadBps: rate.spreadBps,
    enabled: rate.enabled,
    updatedAt: rate.updatedAtMs,
  };
}

export async function listStaffRates(db: Db) {
  return { items: (await listExchangeRates(db, { enabledOnly: false })).map(toStaffRate) };
}

export async function listInvestorRates(db: Db) {
  const rates = await listExchangeRates(db, { enabledOnly: true });
  return {
    items: rates.map((rate) => ({
      from: rate.from,
      to: rate.to,
      rate: formatExchangeRate(rate.rate),
      spreadBps: rate.spreadBps,
    })),
  };
}

/** Staff set the rate of one direction of a pair and its spread; audited with before and after. */
export async function setExchangeRate(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof exchangeRateSet>,
) {
  for (const currency of [input.from, input.to]) {
    if (!isCurrencyCode(currency)) refuse('CURRENCY_UNSUPPORTED', { currency });
  }
  if (input.from === input.to) refuse('SAME_CURRENCY');
  const rate = parseExchangeRate(input.rate) ?? refuse('RATE_INVALID');
  const saved = await inTransaction(deps.db, async (trx) => {
    const before = await lockExchangeRate(trx, input.from, input.to);
    const after = await saveExchangeRate(trx, {
      from: input.from,
      to: input.to,
      rate,
      spreadBps: input.spreadBps,
      enabled: input.enabled,
      staffId: context.staff.id,
      atMs: context.nowMs,
    });
    await auditStaffAct(trx, context, {
      action: 'exchange_rate.set',
      target: { type: 'exchange_rate', id: `${input.from}:${input.to}` },
      ...(before ? { before: toStaffRate(before) } : {}),
      after: toStaffRate(after),
      ...(input.reason ? { reason: input.reason.trim() } : {}),
    });
    return after;
  });
  return toStaffRate(saved);
}

interface PricedExchange {
  from: CurrencyCode;
  to: CurrencyCode;
  amountMinor: bigint;
  receiveMinor: bigint;
  rate: ExchangeRateRecord;
}

/** Checks an exchange request and prices it at the current rate less the spread, rounded down. */
async function priceExchange(db: Db, input: BodyOf<typeof exchangeQuote>): Promise<PricedExchange> {
  if (!isCurrencyCode(input.from)) refuse('CURRENCY_UNSUPPORTED', { currency: input.from });
  if (!isCurrencyCode(input.to)) refuse('CURRENCY_UNSUPPORTED', { currency: input.to });
  if (input.from === input.to) refuse('SAME_CURRENCY');
  const parsed = parsePaise(input.amount);
  if (!parsed.ok) {
    if (parsed.reason === 'empty') refuse('AMOUNT_REQUIRED');
    refuse('VALIDATION_FAILED', { field: 'amount', reason: parsed.reason });
  }
  const amountMinor = (parsed as { paise: bigint }).paise;
  const rate =
    (await findEnabledExchangeRate(db, input.from, input.to)) ??
    refuse('EXCHANGE_PAIR_UNAVAILABLE', { from: input.from, to: input.to });
  const receiveMinor = convertAtRate(amountMinor, rate.rate, rate.spreadBps);
  if (receiveMinor <= 0n) refuse('EXCHANGE_AMOUNT_TOO_SMALL');
  return {
    from: input.from as CurrencyCode,
    to: input.to as CurrencyCode,
    amountMinor,
    receiveMinor,
    rate,
  };
}

export async function quoteExchange(
  db: Db,
  input: BodyOf<typeof exchangeQuote>,
): Promise<DataOf<typeof exchangeQuote>> {
  const priced = await priceExchange(db, input);
  return {
    from: priced.from,
    to: priced.to,
    amount: formatPaise(priced.amountMinor),
    receive: formatPaise(priced.receiveMinor),
    rate: formatExchangeRate(priced.rate.rate),
    spreadBps: priced.rate.spreadBps,
  };
}

type ExchangeView = DataOf<typeof exchangeSubmit>;

function toExchangeView(exchange: ExchangeRecord): ExchangeView {
  return {
    id: String(exchange.id),
    from: exchange.from,
    to: exchange.to,
    amount: formatPaise(exchange.fromMinor),
    receive: formatPaise(exchange.toMinor),
    rate: formatExchangeRate(exchange.rate),
    spreadBps: exchange.spreadBps,
    entryId: String(exchange.entryId ?? ''),
    createdAt: exchange.createdAtMs,
  };
}

/**
 * Exchanges cash between two of the investor's currency accounts in one balanced entry through the
 * house FX account of each currency: cash[from] −amount, house_fx[from] +amount, house_fx[to]
 * −receive, cash[to] +receive. At most the withdrawable amount of the source currency (cash less a
 * loan owed in it) may be exchanged, so borrowed money cannot leave through another currency.
 */
export const exchangeCurrency: InvestorUseCase<typeof exchangeSubmit> = async (deps, context, input) => {
  refuseIfFundsBlocked(context.user);
  const priced = await priceExchange(deps.db, input);
  const userId = context.user.id;
  const fromHouse = await houseAccountId(deps.db, 'house_fx', priced.from);
  const toHouse = await houseAccountId(deps.db, 'house_fx', priced.to);
  const exchange = await inTransaction(deps.db, async (trx) => {
    await lockUserById(trx, userId);
    // The investor's accounts in a new currency are opened here, so a refused exchange opens none.
    const accounts = {
      fromCash: await userAccountId(trx, userId, 'cash', priced.from),
      toCash: await userAccountId(trx, userId, 'cash', priced.to),
      fromHouse,
      toHouse,
    };
    const exchangeable = await withdrawableIn(trx, userId, priced.from);
    if (priced.amountMinor > exchangeable) refuse('FUNDS_INSUFFICIENT');
    const id = await insertExchange(trx, {
      userId,
      from: priced.from,
      to: priced.to,
      fromMinor: priced.amountMinor,
      toMinor: priced.receiveMinor,
      rate: priced.rate.rate,
      spreadBps: priced.rate.spreadBps,
      atMs: context.nowMs,
    });
    const entry = await postEntry(trx, {
      key: `exchange:${id}`,
      kind: 'exchange',
      reference: String(id),
      referenceType: 'exchange',
      postedBy: { type: 'user', id: userId },
      atMs: context.nowMs,
      memo: `${priced.from}→${priced.to} at ${formatExchangeRate(priced.rate.rate)} less ${priced.rate.spreadBps} bps`,
      postings: [
        { accountId: accounts.fromCash, amountMinor: -priced.amountMinor, currency: priced.from },
        { accountId: accounts.fromHouse, amountMinor: priced.amountMinor, currency: priced.from },
        { accountId: accounts.toHouse, amountMinor: -priced.receiveMinor, currency: priced.to },
        { accountId: accounts.toCash, amountMinor: priced.receiveMinor, currency: priced.to },
      ],
    });
    return setExchangeEntry(trx, id, entry.id);
  });
  return toExchangeView(exchange);
};

export async function listExchanges(
  db: Db,
  context: UserContext,
  query: BodyOf<typeof exchangeRecords>,
): Promise<DataOf<typeof exchangeRecords>> {
  const { page, nextCursor } = await readKeysetPage(query, 30, ({ cursorId, limit }) =>
    listOwnExchanges(db, context.user.id, { beforeId: cursorId, limit }),
  );
  return { items: page.map(toExchangeView), nextCursor };
}
