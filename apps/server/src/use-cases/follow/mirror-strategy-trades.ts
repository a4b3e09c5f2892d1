import { type CurrencyCode, invariant, mirrorQuantity, type OpeningCosts, productOf } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { type FollowRecord, findFollow, lockFollow } from '../../repositories/follow.repository.js';
import {
  findMirrorIdsToClose,
  findMirrorOutcome,
  findMirrorSource,
  findUnmirroredFills,
  insertFollowMirror,
  type UnmirroredFill,
} from '../../repositories/follow-mirror.repository.js';
import { lockAccountBalance } from '../../repositories/ledger.repository.js';
import {
  findPosition,
  insertPosition,
  lockPosition,
  type PositionRecord,
} from '../../repositories/position.repository.js';
import {
  readTradingParameters,
  type TradingParameters,
} from '../../repositories/trading-parameters.repository.js';
import { openingCostsAt } from '../trading/charges-in-force.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';
import { openingColumns, postOpening, settleHolding } from '../trading/position-ledger.js';
import { toPositionView } from '../trading/position-view.js';
import { publishPositionEvent } from '../trading/trade-events.js';
import type { TradingAccounts } from '../trading/trading-accounts.js';
import { followTradingAccountsOf } from './follow-accounts.js';

/** How many strategy fills (or closes) one run takes at most; the next run takes the rest. */
const BATCH_LIMIT = 200;

export interface MirrorOutcome {
  opened: number;
  skipped: number;
  closed: number;
}

/**
 * The engine's copy-trading mirror (DESIGN §2: it runs only in the engine leader). Two passes:
 *
 * 1. Opens. Every strategy fill (a strategy position that opened) of a product in progress, for every
 *    follow in progress that started at or before the fill and has no `follow_mirrors` row for it,
 *    opens a mirrored holding of `mirrorQuantity` shares at the strategy's own fill price and tick,
 *    paying margin and the normal fee from the follow allocation. A zero quantity or an allocation
 *    short of margin + fee records a skipped row instead. The row, unique on (strategy position,
 *    follow), is written in the same transaction as the mirror: running the job twice mirrors once.
 * 2. Closes. Every mirrored holding whose strategy position has closed closes at the strategy's exit
 *    price and tick, with the strategy's close reason, its payout returning to the allocation.
 *
 * A follow that starts after a fill does not get that fill: it would buy at a past price.
 */
export async function mirrorStrategyTrades(deps: AppDeps, nowMs: number): Promise<MirrorOutcome> {
  const outcome: MirrorOutcome = { opened: 0, skipped: 0, closed: 0 };
  const candidates = await findUnmirroredFills(deps.db, BATCH_LIMIT);
  for (const candidate of candidates) {
    const result = await mirrorOpen(deps, candidate, nowMs);
    if (result === 'opened') outcome.opened += 1;
    if (result === 'skipped') outcome.skipped += 1;
  }
  outcome.closed = await mirrorCloses(deps, nowMs);
  return outcome;
}

async function mirrorOpen(
  deps: AppDeps,
  fill: UnmirroredFill,
  nowMs: number,
): Promise<'opened' | 'skipped' | 'none'> {
  const parameters = await readTradingParameters(deps.db);
  const strategy = await findPosition(deps.db, fill.strategyPositionId);
  const follow = await findFollow(deps.db, fill.followId);
  invariant(
    strategy && follow,
    `strategy position ${fill.strategyPositionId} and follow ${fill.followId} exist`,
  );
  const accounts = await followTradingAccountsOf(deps.db, follow.userId, strategy.currency as CurrencyCode);
  const result = await inTransaction(deps.db, async (trx) => {
    // The follow's row lock serialises every mirror of this follow; the mirror row is checked under it.
    const locked = await lockFollow(trx, fill.followId);
    if (locked?.state !== 'in_progress') return undefined;
    if (await findMirrorOutcome(trx, strategy.id, locked.id)) return undefined;
    const quantity = mirrorQuantity(strategy.quantity, locked.amountPaise, fill.strategyCapitalPaise);
    const costs =
      quantity > 0
        ? openingCostsAt(
            parameters,
            {
              side: strategy.side,
              product: productOf({ intraday: false, leverage: strategy.leverage }),
              pricePaise: strategy.entryPricePaise!,
              quantity,
              leverage: strategy.leverage,
            },
            nowMs,
          )
        : undefined;
    const allocationPaise = await lockAccountBalance(trx, accounts.cash);
    const skip =
      costs === undefined
        ? 'skipped_zero_quantity'
        : allocationPaise < costs.marginPaise + costs.feePaise
          ? 'skipped_funds'
          : undefined;
    const position =
      skip || !costs
        ? undefined
        : await openMirroredHolding(trx, {
            strategy,
            follow: locked,
            quantity,
            costs,
            accounts,
            parameters,
            nowMs,
          });
    // One row per strategy position and follow, whatever became of it: the next run finds it and stops.
    const outcome = position ? 'mirrored' : (skip ?? 'skipped_zero_quantity');
    await insertFollowMirror(trx, {
      strategyPositionId: strategy.id,
      followId: locked.id,
      followerPositionId: position?.id ?? null,
      outcome,
      quantity,
      createdAtMs: nowMs,
    });
    if (!position) {
      await appendAudit(trx, {
        actor: ENGINE_ACTOR,
        action: 'follow.mirror_skip',
        target: { type: 'follow', id: locked.id },
        after: { strategyPositionId: strategy.id, outcome, quantity, allocationPaise },
      });
      return { kind: 'skipped' as const };
    }
    await appendAudit(trx, {
      actor: ENGINE_ACTOR,
      action: 'follow.mirror_open',
      target: { type: 'position', id: position.id },
      after: {
        followId: locked.id,
        strategyPositionId: strategy.id,
        quantity,
        entryPricePaise: position.entryPricePaise,
      },
    });
    return { kind: 'opened' as const, position };
  });
  if (!result) return 'none';
  if (result.kind === 'skipped') return 'skipped';
  announcePositionChange(deps, result.position, 'filled', nowMs);
  return 'opened';
}

/**
 * The follower's holding at the strategy's fill, its margin and fee paid from the follow allocation
 * (the accounts given) in the same transaction.
 */
async function openMirroredHolding(
  trx: Db,
  input: {
    strategy: PositionRecord;
    follow: FollowRecord;
    quantity: number;
    costs: OpeningCosts;
    accounts: TradingAccounts;
    parameters: TradingParameters;
    nowMs: number;
  },
): Promise<PositionRecord> {
  const { strategy, quantity, costs } = input;
  const entryPricePaise = strategy.entryPricePaise!;
  const position = await insertPosition(trx, {
    user_id: input.follow.userId,
    symbol: strategy.symbol,
    currency: strategy.currency,
    side: strategy.side,
    order_type: 'market',
    intraday: false,
    leverage: strategy.leverage,
    quantity: BigInt(quantity),
    state: 'holding',
    placed_at: new Date(strategy.openedAtMs!),
    placed_price_paise: entryPricePaise,
    held_paise: 0n,
    origin: 'follow',
    follow_id: input.follow.id,
    mirrors_position_id: strategy.id,
    // The strategy's fill: its price, its tick and its time (DESIGN rule 1.5). No lock: a mirror
    // closes only with its strategy or the product's end.
    ...openingColumns({
      side: strategy.side,
      quantity,
      pricePaise: entryPricePaise,
      tickAtMs: strategy.entryTickAtMs!,
      openedAtMs: strategy.openedAtMs!,
      costs,
      lock: { days: 0, minutes: 0 },
      stopOutBps: input.parameters.stopOutBps,
    }),
  });
  await postOpening(trx, {
    position,
    accounts: input.accounts,
    costs,
    atMs: input.nowMs,
    postedBy: ENGINE_ACTOR,
  });
  return position;
}

/** Pass 2: mirrored holdings whose strategy position closed close at its exit. */
async function mirrorCloses(deps: AppDeps, nowMs: number): Promise<number> {
  const due = await findMirrorIdsToClose(deps.db, BATCH_LIMIT);
  let closed = 0;
  for (const id of due) if (await closeMirror(deps, id, nowMs)) closed += 1;
  return closed;
}

/** Closes one mirrored holding at its strategy position's exit; false when there is nothing to do. */
export async function closeMirror(deps: AppDeps, id: bigint, nowMs: number): Promise<boolean> {
  const parameters = await readTradingParameters(deps.db);
  const mirror = await findMirrorSource(deps.db, id);
  if (!mirror) return false;
  const accounts = await followTradingAccountsOf(deps.db, mirror.userId, mirror.currency as CurrencyCode);
  const closed = await inTransaction(deps.db, async (trx) => {
    const position = await lockPosition(trx, id);
    if (position?.state !== 'holding') return undefined;
    const strategy = await lockPosition(trx, mirror.strategyPositionId);
    if (strategy?.state !== 'closed') return undefined;
    const settled = await settleHolding(trx, {
      position,
      accounts,
      exitPricePaise: strategy.exitPricePaise!,
      exitTickAtMs: strategy.exitTickAtMs!,
      reason: strategy.closeReason ?? 'user',
      atMs: nowMs,
      parameters,
      postedBy: ENGINE_ACTOR,
      refuseIfLent: false,
    });
    await appendAudit(trx, {
      actor: ENGINE_ACTOR,
      action: 'follow.mirror_close',
      target: { type: 'position', id: settled.id },
      before: { state: 'holding' },
      after: {
        state: 'closed',
        strategyPositionId: strategy.id,
        exitPricePaise: settled.exitPricePaise,
        payoutPaise: settled.payoutPaise,
      },
    });
    return settled;
  });
  if (!closed) return false;
  announcePositionChange(deps, closed, 'closed', nowMs);
  return true;
}

/**
 * After the commit: the engine's index learns the change, the owner's sockets the event (a mirror's
 * follower, or the strategy account when a product ends).
 */
export function announcePositionChange(
  deps: AppDeps,
  position: PositionRecord,
  event: 'filled' | 'closed' | 'cancelled',
  nowMs: number,
): void {
  deps.positionChanges.emit(position);
  publishPositionEvent(
    deps,
    position.userId,
    event,
    toPositionView(position, { name: position.symbol, nowMs }),
  );
}
