import { formatPaise, listsOnListingDay, NO_CHARGES } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { updateInstrument } from '../../repositories/instrument.repository.js';
import {
  findDrawnIssuesPastAllotment,
  type IpoIssueRow,
  insertListingQuote,
  lockIssue,
  lockSubscriptionsAt,
  updateIssue,
  updateSubscription,
  waiveUnpaidAllotments,
} from '../../repositories/ipo.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { insertPosition, type PositionRecord } from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { forgetInstrumentCache } from '../../trading/instrument-cache.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';
import { openingColumns } from '../trading/position-ledger.js';
import { postIpoStep, subscriberAccountsOf } from './ipo-ledger.js';

/** The engine asks at every sweep; the database is asked at most this often (by the injected clock). */
const CHECK_INTERVAL_MS = 5_000;
const lastCheckedAt = new WeakMap<AppDeps, number>();

/**
 * The scheduled steps of new shares, run by the engine leader (idempotent: row states under the
 * issue's lock, entry keys per subscription):
 * 1. at the allotment date of a pay-after issue, unpaid allotments lapse (waived; nothing is owed);
 * 2. on listing day the paid shares become holdings and the instrument starts trading.
 */
export async function runIpoDueWork(deps: AppDeps, nowMs: number): Promise<void> {
  const last = lastCheckedAt.get(deps);
  if (last !== undefined && nowMs >= last && nowMs - last < CHECK_INTERVAL_MS) return;
  lastCheckedAt.set(deps, nowMs);
  const due = await findDrawnIssuesPastAllotment(deps.db, nowMs);
  for (const issue of due) {
    if (issue.money_mode === 'pay_after_allotment' && issue.lapsed_at === null) {
      await lapseUnpaidAllotments(deps, issue.id, nowMs);
    }
    if (issue.listing_at.getTime() <= nowMs) await listIssue(deps, issue.id, nowMs);
  }
}

/** Forgets when the job last looked (tests that move the clock back). */
export function forgetIpoDueWorkCheck(deps: AppDeps): void {
  lastCheckedAt.delete(deps);
}

/** Unpaid allotments at the deadline become waived: the allotment lapses and never becomes a debt. */
export async function lapseUnpaidAllotments(deps: AppDeps, issueId: bigint, nowMs: number): Promise<number> {
  const { messages, count } = await inTransaction(deps.db, async (trx) => {
    const issue = await lockIssue(trx, issueId);
    if (!issue || issue.lapsed_at !== null || issue.drawn_at === null) return { messages: [], count: 0 };
    if (nowMs < issue.allotment_at.getTime()) return { messages: [], count: 0 };
    const waived = await waiveUnpaidAllotments(trx, issue.id, nowMs);
    const messages: Array<StoredMessage | null> = [];
    for (const row of waived) {
      messages.push(
        await insertUserMessage(trx, {
          userId: row.user_id,
          kind: 'IPO_WAIVED',
          params: { name: issue.name },
          dedupeKey: `ipo:${row.id}:waived`,
          atMs: nowMs,
        }),
      );
    }
    await closeIssueStep(trx, issue.id, 'lapsed_at', nowMs, {
      action: 'ipo.lapse',
      after: { waived: waived.map((row) => String(row.id)) },
    });
    return { messages, count: waived.length };
  });
  for (const message of messages) publishMessage(deps.userEvents, message);
  return count;
}

/**
 * Lists an issue: its instrument joins the listed segment and trades from a first quote at the
 * final price (its previous close), and every captured or paid allotment becomes a long holding at
 * that price, leverage 1, no fee, whose margin is the money paid: one entry moves it from the
 * house's IPO proceeds into the investor's margin, so a later close settles like any holding.
 */
export async function listIssue(deps: AppDeps, issueId: bigint, nowMs: number): Promise<number> {
  const parameters = await readTradingParameters(deps.db);
  const accounts = await subscriberAccountsOf(deps.db, issueId, 'awaiting_listing');

  const outcome = await inTransaction(deps.db, async (trx) => {
    const issue = await lockIssue(trx, issueId);
    if (!issue || issue.listed_at !== null || issue.drawn_at === null || issue.cancelled_at !== null)
      return null;
    if (nowMs < issue.listing_at.getTime()) return null;
    if (issue.money_mode === 'pay_after_allotment' && issue.lapsed_at === null) return null;
    const pricePaise = issue.final_price_paise!;
    await updateInstrument(trx, issue.code, { segment: 'listed', tradable: true });
    await insertListingQuote(trx, issue.code, pricePaise, nowMs);
    const allotments = await lockSubscriptionsAt(trx, issue.id, 'awaiting_listing');
    const positions: PositionRecord[] = [];
    const messages: Array<StoredMessage | null> = [];
    for (const allotment of allotments) {
      if (!listsOnListingDay(allotment.state)) continue;
      const paidPaise = (allotment.state === 'won' ? allotment.captured_paise : allotment.paid_paise) ?? 0n;
      const quantity = Number(allotment.allotted_shares ?? 0n);
      if (quantity === 0 || paidPaise === 0n) continue;
      const position = await insertIpoHolding(trx, {
        issue,
        userId: allotment.user_id,
        quantity,
        paidPaise,
        nowMs,
        stopOutBps: parameters.stopOutBps,
      });
      const userAccounts = await accounts.of(allotment.user_id);
      await postIpoStep(trx, {
        subscriptionId: allotment.id,
        step: 'list',
        fromAccountId: userAccounts.proceeds,
        toAccountId: userAccounts.margin,
        amountPaise: paidPaise,
        atMs: nowMs,
        postedBy: ENGINE_ACTOR,
        memo: `${issue.code} listed: holding ${position.id}`,
      });
      await updateSubscription(trx, allotment.id, { position_id: position.id });
      positions.push(position);
      messages.push(
        await insertUserMessage(trx, {
          userId: allotment.user_id,
          kind: 'IPO_LISTED',
          params: { name: issue.name, shares: quantity, price: formatPaise(pricePaise) },
          dedupeKey: `ipo:${allotment.id}:listed`,
          atMs: nowMs,
        }),
      );
    }
    await closeIssueStep(trx, issue.id, 'listed_at', nowMs, {
      action: 'ipo.list',
      after: { symbol: issue.code, pricePaise, holdings: positions.map((position) => String(position.id)) },
    });
    return { issue, positions, messages };
  });
  if (!outcome) return 0;
  forgetInstrumentCache(deps.db);
  const price = outcome.issue.final_price_paise!;
  deps.prices.accept({
    symbol: outcome.issue.code,
    pricePaise: price,
    previousClosePaise: price,
    tickAtMs: nowMs,
    simulated: true,
  });
  for (const position of outcome.positions) deps.positionChanges.emit(position);
  for (const message of outcome.messages) publishMessage(deps.userEvents, message);
  deps.log.info({ symbol: outcome.issue.code, holdings: outcome.positions.length }, 'IPO listed');
  return outcome.positions.length;
}

/**
 * Stamps an issue's step as done (`lapsed_at`, `listed_at`) and audits it as the engine's act, in
 * the transaction that did the step, so the step runs once and its audit row exists exactly then.
 */
async function closeIssueStep(
  trx: Db,
  issueId: bigint,
  stamp: 'lapsed_at' | 'listed_at',
  nowMs: number,
  act: { action: string; after: Record<string, unknown> },
): Promise<void> {
  await updateIssue(trx, issueId, { [stamp]: new Date(nowMs) });
  await appendAudit(trx, { actor: ENGINE_ACTOR, ...act, target: { type: 'ipo_issue', id: issueId } });
}
async function insertIpoHolding(
  trx: AppDeps['db'],
  input: {
    issue: IpoIssueRow;
    userId: bigint;
    quantity: number;
    paidPaise: bigint;
    nowMs: number;
    stopOutBps: bigint;
  },
): Promise<PositionRecord> {
  const pricePaise = input.issue.final_price_paise!;
  return insertPosition(trx, {
    user_id: input.userId,
    symbol: input.issue.code,
    side: 'long',
    order_type: 'market',
    leverage: 1,
    quantity: BigInt(input.quantity),
    state: 'holding',
    placed_at: new Date(input.nowMs),
    placed_price_paise: pricePaise,
    origin: 'ipo',
    ...openingColumns({
      side: 'long',
      quantity: input.quantity,
      pricePaise,
      tickAtMs: input.nowMs,
      openedAtMs: input.nowMs,
      // An allotment is not an exchange trade: no charges and no trade_charges row (docs/adr/0020).
      costs: {
        notionalPaise: input.paidPaise,
        marginPaise: input.paidPaise,
        feePaise: 0n,
        charges: NO_CHARGES,
      },
      lock: { days: 0, minutes: 0 },
      stopOutBps: input.stopOutBps,
    }),
  });
}
