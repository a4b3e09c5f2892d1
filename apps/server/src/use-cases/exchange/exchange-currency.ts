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
  type ExchangeRate,
  formatExchangeRate,
  formatPaise,
  isCurrencyCode,
  parseExchangeRate,
  parsePaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { houseAccountId, postEntry, userAccountId } from '../../repositories/ledger.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { refuseIfFundsBlocked } from '../funds/fund-gates.js';
import { withdrawableIn } from '../withdrawals/withdrawal-rules.js';

interface RateRow {
  from_currency: string;
  to_currency: string;
  rate_numerator: bigint;
  rate_denominator: bigint;
  spread_bps: number;
  enabled: boolean;
  updated_at: Date;
}

const rateOf = (row: RateRow): ExchangeRate => ({
  numerator: row.rate_numerator,
  denominator: row.rate_denominator,
});

function toStaffRate(row: RateRow) {
  return {
    from: row.from_currency,
    to: row.to_currency,
    rate: formatExchangeRate(rateOf(row)),
    spreadBps: row.spread_bps,
    enabled: row.enabled,
    updatedAt: row.updated_at.getTime(),
  };
}

export async function listStaffRates(db: Db) {
  const rows = await db
    .selectFrom('exchange_rates')
    .selectAll()
    .orderBy('from_currency')
    .orderBy('to_currency')
    .execute();
  return { items: rows.map(toStaffRate) };
}

export async function listInvestorRates(db: Db) {
  const rows = await db
    .selectFrom('exchange_rates')
    .selectAll()
    .where('enabled', '=', true)
    .orderBy('from_currency')
    .orderBy('to_currency')
    .execute();
  return {
    items: rows.map((row) => ({
      from: row.from_currency,
      to: row.to_currency,
      rate: formatExchangeRate(rateOf(row)),
      spreadBps: row.spread_bps,
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
  const values = {
    rate_numerator: rate.numerator,
    rate_denominator: rate.denominator,
    spread_bps: input.spreadBps,
    enabled: input.enabled,
    updated_by: context.staff.id,
    updated_at: new Date(context.nowMs),
  };
  const row = await inTransaction(deps.db, async (trx) => {
    const before = await trx
      .selectFrom('exchange_rates')
      .selectAll()
      .where('from_currency', '=', input.from)
      .where('to_currency', '=', input.to)
      .forUpdate()
      .executeTakeFirst();
    const saved = await trx
      .insertInto('exchange_rates')
      .values({ from_currency: input.from, to_currency: input.to, ...values })
      .onConflict((conflict) => conflict.columns(['from_currency', 'to_currency']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'exchange_rate.set',
      target: { type: 'exchange_rate', id: `${input.from}:${input.to}` },
      ...(before ? { before: toStaffRate(before) } : {}),
      after: toStaffRate(saved),
      requestId: context.requestId,
      ip: context.ip,
    });
    return saved;
  });
  return toStaffRate(row);
}

interface PricedExchange {
  from: CurrencyCode;
  to: CurrencyCode;
  amountMinor: bigint;
  receiveMinor: bigint;
  rate: RateRow;
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
  const rate = await db
    .selectFrom('exchange_rates')
    .selectAll()
    .where('from_currency', '=', input.from)
    .where('to_currency', '=', input.to)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!rate) refuse('EXCHANGE_PAIR_UNAVAILABLE', { from: input.from, to: input.to });
  const receiveMinor = convertAtRate(amountMinor, rateOf(rate!), rate!.spread_bps);
  if (receiveMinor <= 0n) refuse('EXCHANGE_AMOUNT_TOO_SMALL');
  return {
    from: input.from as CurrencyCode,
    to: input.to as CurrencyCode,
    amountMinor,
    receiveMinor,
    rate: rate!,
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
    rate: formatExchangeRate(rateOf(priced.rate)),
    spreadBps: priced.rate.spread_bps,
  };
}

type ExchangeRecord = DataOf<typeof exchangeSubmit>;

function toExchangeRecord(row: {
  id: bigint;
  from_currency: string;
  to_currency: string;
  from_minor: bigint;
  to_minor: bigint;
  rate_numerator: bigint;
  rate_denominator: bigint;
  spread_bps: number;
  entry_id: bigint | null;
  created_at: Date;
}): ExchangeRecord {
  return {
    id: String(row.id),
    from: row.from_currency,
    to: row.to_currency,
    amount: formatPaise(row.from_minor),
    receive: formatPaise(row.to_minor),
    rate: formatExchangeRate({ numerator: row.rate_numerator, denominator: row.rate_denominator }),
    spreadBps: row.spread_bps,
    entryId: String(row.entry_id ?? ''),
    createdAt: row.created_at.getTime(),
  };
}

/**
 * Exchanges cash between two of the investor's currency accounts in one balanced entry through the
 * house FX account of each currency: cash[from] −amount, house_fx[from] +amount, house_fx[to]
 * −receive, cash[to] +receive. At most the withdrawable amount of the source currency (cash less a
 * loan owed in it) may be exchanged, so borrowed money cannot leave through another currency.
 */
export async function exchangeCurrency(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof exchangeSubmit>,
): Promise<ExchangeRecord> {
  refuseIfFundsBlocked(context.user);
  const priced = await priceExchange(deps.db, input);
  const userId = context.user.id;
  const fromHouse = await houseAccountId(deps.db, 'house_fx', priced.from);
  const toHouse = await houseAccountId(deps.db, 'house_fx', priced.to);
  const row = await inTransaction(deps.db, async (trx) => {
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
    const placeholder = await trx
      .insertInto('exchanges')
      .values({
        user_id: userId,
        from_currency: priced.from,
        to_currency: priced.to,
        from_minor: priced.amountMinor,
        to_minor: priced.receiveMinor,
        rate_numerator: priced.rate.rate_numerator,
        rate_denominator: priced.rate.rate_denominator,
        spread_bps: priced.rate.spread_bps,
        // The entry is posted next with this row's id in its key, and its id set here then.
        entry_id: null,
        created_at: new Date(context.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entry = await postEntry(trx, {
      key: `exchange:${placeholder.id}`,
      kind: 'exchange',
      reference: String(placeholder.id),
      referenceType: 'exchange',
      postedBy: { type: 'user', id: userId },
      atMs: context.nowMs,
      memo: `${priced.from}→${priced.to} at ${formatExchangeRate(rateOf(priced.rate))} less ${priced.rate.spread_bps} bps`,
      postings: [
        { accountId: accounts.fromCash, amountMinor: -priced.amountMinor, currency: priced.from },
        { accountId: accounts.fromHouse, amountMinor: priced.amountMinor, currency: priced.from },
        { accountId: accounts.toHouse, amountMinor: -priced.receiveMinor, currency: priced.to },
        { accountId: accounts.toCash, amountMinor: priced.receiveMinor, currency: priced.to },
      ],
    });
    return trx
      .updateTable('exchanges')
      .set({ entry_id: entry.id })
      .where('id', '=', placeholder.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toExchangeRecord(row);
}

export async function listExchanges(
  db: Db,
  context: UserContext,
  query: BodyOf<typeof exchangeRecords>,
): Promise<DataOf<typeof exchangeRecords>> {
  const limit = query.limit ?? 30;
  let select = db
    .selectFrom('exchanges')
    .selectAll()
    .where('user_id', '=', context.user.id)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.cursor) select = select.where('id', '<', BigInt(query.cursor));
  const rows = await select.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map(toExchangeRecord),
    nextCursor,
  };
}
