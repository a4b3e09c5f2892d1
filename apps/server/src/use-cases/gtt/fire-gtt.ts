import {
  canGttMoveTo,
  formatPaise,
  gttLegFiredAt,
  gttLevelsOf,
  invariant,
  isOpen,
  type TradingCalendarId,
} from '@nivesh/core';
import { AppError } from '../../application/app-error.js';
import type { AppDeps } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { type GttRecord, lockGtt, recordGttOutcome, settleGtt } from '../../repositories/gtt.repository.js';
import { publishMessage } from '../../repositories/message.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { placeKiteOrder } from '../kite/place-kite-order.js';
import { actingUserContext } from '../trading/acting-user-context.js';
import { recordGttChange } from './gtt-acts.js';
import { rejectReasonOf } from './gtt-view.js';

export type GttFireOutcome =
  | { kind: 'skipped' }
  | { kind: 'waiting'; gtt: GttRecord }
  | { kind: 'expired'; gtt: GttRecord }
  | { kind: 'fired'; gtt: GttRecord };

/** The levels a GTT's legs wait at: computed once when it was placed, from its last price then. */
export function gttLevelsOfRecord(gtt: GttRecord) {
  const levels = gttLevelsOf(
    gtt.type,
    gtt.legs.map((leg) => leg.triggerPaise),
    gtt.lastPricePaise,
  );
  invariant(levels.ok, `a stored GTT has valid triggers: ${gtt.id}`);
  return levels.ok ? levels.levels : [];
}

/**
 * A feed price reached a GTT's leg (the engine's index fired it; docs/adr/0031). Under the row lock
 * the GTT is checked again: still active, not expired, the price reaching the leg by core's rule, the
 * market open (a tick outside the session waits for the next one). The GTT is then claimed as
 * triggered (the other leg of an OCO with it: one row, one status) and committed before its order
 * is placed, so no retry or second process can place it twice. The order goes through the same use
 * cases as a Kite order (placeKiteOrder: a LIMIT at the leg's price); its id is recorded, or the
 * refusal turns the GTT rejected. Either way the investor is told.
 */
export async function fireGtt(
  deps: AppDeps,
  input: { id: bigint; pricePaise: bigint; tickAtMs: number },
): Promise<GttFireOutcome> {
  const nowMs = deps.clock.now();
  const claim = await inTransaction(deps.db, async (trx) => {
    const gtt = await lockGtt(trx, input.id);
    if (!gtt || !canGttMoveTo(gtt.status, 'triggered')) return { kind: 'skipped' as const };
    if (gtt.expiresAtMs <= nowMs) {
      const expired = await settleGtt(trx, gtt.id, { status: 'expired', atMs: nowMs });
      const message = await recordGttChange(trx, {
        actor: 'engine',
        action: 'engine.gtt.expired',
        before: gtt,
        after: expired,
        message: { kind: 'GTT_EXPIRED', params: { symbol: gtt.symbol } },
        atMs: nowMs,
      });
      return { kind: 'expired' as const, gtt: expired, message };
    }
    const leg = gttLegFiredAt(gttLevelsOfRecord(gtt), input.pricePaise);
    const instrument = await findInstrumentCached(deps.db, gtt.symbol);
    const open =
      instrument !== undefined &&
      (isOpen(deps.calendar.current, instrument.calendar as TradingCalendarId, nowMs) ||
        (deps.config.demoSession && instrument.calendar === 'nse'));
    if (leg === undefined || !open) return { kind: 'waiting' as const, gtt };
    const triggered = await settleGtt(trx, gtt.id, {
      status: 'triggered',
      atMs: nowMs,
      firedLeg: leg,
      firedPricePaise: input.pricePaise,
    });
    return { kind: 'claimed' as const, gtt: triggered, before: gtt, leg };
  });
  if (claim.kind === 'skipped' || claim.kind === 'waiting') return claim;
  if (claim.kind === 'expired') {
    publishMessage(deps.userEvents, claim.message);
    deps.gttChanges.emit(claim.gtt);
    return { kind: 'expired', gtt: claim.gtt };
  }

  const leg = claim.gtt.legs[claim.leg]!;
  const context = await actingUserContext(deps, claim.gtt.userId, {
    nowMs,
    requestId: `gtt:${claim.gtt.id}:fire`,
  });
  let outcome: { positionId: bigint } | { rejectCode: string };
  try {
    if (!context) throw new AppError('ACCOUNT_NOT_FOUND');
    const placed = await placeKiteOrder(deps, context, {
      symbol: claim.gtt.symbol,
      transactionType: leg.transactionType,
      quantity: leg.quantity,
      product: leg.product,
      orderType: 'limit',
      price: formatPaise(leg.pricePaise),
    });
    outcome = { positionId: placed.positionId };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    outcome = { rejectCode: error.code };
  }
  const language = context?.language ?? 'en';
  const { gtt, message } = await inTransaction(deps.db, async (trx) => {
    const gtt = await recordGttOutcome(trx, claim.gtt.id, outcome, nowMs);
    const price = formatPaise(input.pricePaise);
    const message = await recordGttChange(trx, {
      actor: 'engine',
      action: 'positionId' in outcome ? 'engine.gtt.triggered' : 'engine.gtt.rejected',
      before: claim.before,
      after: gtt,
      message:
        'positionId' in outcome
          ? {
              kind: 'GTT_TRIGGERED',
              params: {
                symbol: gtt.symbol,
                price,
                transactionType: leg.transactionType,
                quantity: leg.quantity,
              },
            }
          : {
              kind: 'GTT_REJECTED',
              params: { symbol: gtt.symbol, price, reason: rejectReasonOf(outcome.rejectCode, language) },
            },
      atMs: nowMs,
    });
    return { gtt, message };
  });
  publishMessage(deps.userEvents, message);
  deps.gttChanges.emit(gtt);
  return { kind: 'fired', gtt };
}
