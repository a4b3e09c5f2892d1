import { type CurrencyCode, formatPaise, invariant } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  findFollow,
  findFollowIdsInProgress,
  findFollowProduct,
  findFollowProductIdsDueToEnd,
  lockFollow,
  lockFollowProduct,
  markFollowEnded,
  markFollowProductEnded,
} from '../../repositories/follow.repository.js';
import { findMirroredHoldingIds } from '../../repositories/follow-mirror.repository.js';
import { houseAccountId, userAccountId } from '../../repositories/ledger.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import { findOpenPositionsOfUser, lockPosition } from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { cancelPendingInTransaction, settleHolding } from '../trading/position-ledger.js';
import { tradingAccountsOf } from '../trading/trading-accounts.js';
import { sweepBalance } from './follow-ledger.js';
import { announcePositionChange, closeMirror, mirrorStrategyTrades } from './mirror-strategy-trades.js';

export interface EndActor {
  type: 'staff' | 'system';
  id: string | bigint;
}

export type EndOutcome = 'ended' | 'already_ended' | 'postponed';

/**
 * Ends a product (at its end time, or early by staff), in steps that are each idempotent so that a
 * run cut short is finished by the next one:
 *
 * 1. fills the strategy made and the mirror job has not yet copied are mirrored first;
 * 2. the strategy account's pending orders are cancelled and its holdings close at the feed price
 *    (close reason `product_end`; forced, like a square-off, so a lock does not hold them);
 * 3. every mirrored holding closes at the same exit price and tick, into its allocation;
 * 4. each follow's allocation returns to cash (`follow:<id>:return`) and the follower is told;
 * 5. what the strategy account holds returns to the house strategy capital
 *    (`follow:product:<id>:close`) and the product becomes ended, audited with the actor.
 *
 * The feed price is the symbol's last price, however old: at an end time after the session's close
 * that is the close. A symbol that never had a price, or a mirror that could not close, postpones
 * the end (`postponed`): the product stays in progress and the next run tries again.
 */
export async function endFollowProduct(
  deps: AppDeps,
  input: {
    productId: bigint;
    endReason: 'end_time' | 'staff';
    actor: EndActor;
    reason?: string | undefined;
    nowMs: number;
    requestId?: string;
    ip?: string;
  },
): Promise<EndOutcome> {
  const { nowMs } = input;
  const product = await findFollowProduct(deps.db, input.productId);
  if (!product || product.state === 'ended') return 'already_ended';
  const currency = product.currency as CurrencyCode;
  await mirrorStrategyTrades(deps, nowMs);

  // 2. The strategy account.
  const parameters = await readTradingParameters(deps.db);
  const strategyAccounts = await tradingAccountsOf(deps.db, product.strategyUserId, currency);
  const open = await findOpenPositionsOfUser(deps.db, product.strategyUserId);
  const prices = await deps.prices.currentMany(
    open.filter((row) => row.state === 'holding').map((row) => row.symbol),
  );
  if (open.some((row) => row.state === 'holding' && !prices.has(row.symbol))) return 'postponed';
  for (const row of open) {
    const changed = await inTransaction(deps.db, async (trx) => {
      const position = await lockPosition(trx, row.id);
      if (position?.state === 'pending') {
        return cancelPendingInTransaction(trx, {
          position,
          accounts: strategyAccounts,
          reason: 'expired',
          atMs: nowMs,
          postedBy: input.actor,
        });
      }
      if (position?.state !== 'holding') return undefined;
      const price = prices.get(position.symbol)!;
      return settleHolding(trx, {
        position,
        accounts: strategyAccounts,
        exitPricePaise: price.pricePaise,
        exitTickAtMs: price.tickAtMs,
        reason: 'product_end',
        atMs: nowMs,
        parameters,
        postedBy: input.actor,
        refuseIfLent: false,
      });
    });
    if (changed)
      announcePositionChange(deps, changed, changed.state === 'cancelled' ? 'cancelled' : 'closed', nowMs);
  }

  // 3. The mirrors, at the strategy's exits.
  const mirrors = await findMirroredHoldingIds(deps.db, { productId: product.id });
  for (const mirrorId of mirrors) await closeMirror(deps, mirrorId, nowMs);

  // 4. Each follow's allocation back to cash.
  const follows = await findFollowIdsInProgress(deps.db, product.id);
  for (const id of follows) {
    const message = await returnAllocation(deps, {
      followId: id,
      productName: product.name,
      currency,
      nowMs,
      actor: input.actor,
    });
    publishMessage(deps.userEvents, message);
  }

  // 5. The strategy account's money back to the house, and the product ended.
  const capitalAccount = await houseAccountId(deps.db, 'house_strategy_capital', currency);
  return inTransaction(deps.db, async (trx) => {
    const locked = await lockFollowProduct(trx, product.id);
    if (!locked || locked.state === 'ended') return 'already_ended' as const;
    if ((await findFollowIdsInProgress(trx, locked.id)).length > 0) return 'postponed' as const;
    const strategyCashPaise = await sweepBalance(trx, {
      key: `follow:product:${locked.id}:close`,
      kind: 'follow_strategy_return',
      reference: { type: 'follow_product', id: locked.id },
      from: strategyAccounts.cash,
      to: capitalAccount,
      currency,
      postedBy: input.actor,
      atMs: nowMs,
    });
    await markFollowProductEnded(trx, locked.id, { atMs: nowMs, endReason: input.endReason });
    await appendAudit(trx, {
      actor: input.actor,
      action: input.endReason === 'staff' ? 'follow.end' : 'follow.end_time',
      target: { type: 'follow_product', id: locked.id },
      before: { state: 'in_progress', endsAt: locked.endsAtMs },
      after: { state: 'ended', endReason: input.endReason, strategyReturnedPaise: strategyCashPaise },
      ...(input.reason === undefined ? {} : { reason: input.reason }),
      ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
      ...(input.ip === undefined ? {} : { ip: input.ip }),
    });
    return 'ended' as const;
  });
}

/** Step 4 for one follow: the allocation's whole balance back to cash, once. */
async function returnAllocation(
  deps: AppDeps,
  input: { followId: bigint; productName: string; currency: CurrencyCode; nowMs: number; actor: EndActor },
): Promise<StoredMessage | null> {
  const follow = await findFollow(deps.db, input.followId);
  invariant(follow, `follow ${input.followId} exists`);
  const [allocationAccount, cashAccount] = await Promise.all([
    userAccountId(deps.db, follow.userId, 'follow_allocation', input.currency),
    userAccountId(deps.db, follow.userId, 'cash', input.currency),
  ]);
  return inTransaction(deps.db, async (trx) => {
    const locked = await lockFollow(trx, input.followId);
    if (locked?.state !== 'in_progress') return null;
    // A mirror that could not close yet keeps the follow open; the next run finishes it.
    if ((await findMirroredHoldingIds(trx, { followId: locked.id })).length > 0) return null;
    const returnedPaise = await sweepBalance(trx, {
      key: `follow:${locked.id}:return`,
      kind: 'follow_return',
      reference: { type: 'follow', id: locked.id },
      from: allocationAccount,
      to: cashAccount,
      currency: input.currency,
      postedBy: input.actor,
      atMs: input.nowMs,
    });
    await markFollowEnded(trx, locked.id, { atMs: input.nowMs, returnedPaise });
    await appendAudit(trx, {
      actor: input.actor,
      action: 'follow.return',
      target: { type: 'follow', id: locked.id },
      before: { state: 'in_progress', amountPaise: locked.amountPaise },
      after: { state: 'ended', returnedPaise },
    });
    return insertUserMessage(trx, {
      userId: locked.userId,
      kind: 'FOLLOW_ENDED',
      params: {
        product: input.productName,
        returned: formatPaise(returnedPaise),
        profit: formatPaise(returnedPaise - locked.amountPaise),
      },
      dedupeKey: `follow:${locked.id}:ended`,
      atMs: input.nowMs,
    });
  });
}

/** Products ended per run at most; the next run (the next sweep) takes the rest. */
const DUE_PRODUCTS_MAX = 20;

/** The products whose end time has come, ended by the engine (system actor). */
export async function endDueFollowProducts(deps: AppDeps, nowMs: number): Promise<number> {
  const due = await findFollowProductIdsDueToEnd(deps.db, nowMs, DUE_PRODUCTS_MAX);
  let ended = 0;
  for (const id of due) {
    const outcome = await endFollowProduct(deps, {
      productId: id,
      endReason: 'end_time',
      actor: { type: 'system', id: 'engine' },
      nowMs,
    });
    if (outcome === 'ended') ended += 1;
    else if (outcome === 'postponed') deps.log.warn({ productId: id }, 'follow product end postponed');
  }
  return ended;
}
