import type { DataOf, positionDetail } from '@nivesh/contract';
import { computeNotional, computePnl, formatPaise, lockRemaining, splitLossAtMargin } from '@nivesh/core';
import type { PositionRecord } from '../../repositories/position.repository.js';

export type PositionView = DataOf<typeof positionDetail>;

const money = (paise: bigint | null): string | null => (paise === null ? null : formatPaise(paise));

/**
 * The API's view of one order or position (the spec's "Position or order"). A holding is valued at
 * the live feed price when one is given: market value, P&L (a loss counted at most the margin,
 * since the house absorbs the rest). A closed position shows what its close settled.
 */
export function toPositionView(
  position: PositionRecord,
  options: {
    name: string;
    livePricePaise?: bigint | undefined;
    nowMs: number;
    /** The term end of the holding's lending in progress, if it is lent out. */
    lentUntilMs?: number | undefined;
  },
): PositionView {
  const holding = position.state === 'holding';
  const closed = position.state === 'closed';
  const entry = position.entryPricePaise;
  const margin = position.marginPaise;
  const currentPrice = holding ? (options.livePricePaise ?? null) : closed ? position.exitPricePaise : null;
  let profitLoss: bigint | null = null;
  let netProfitLoss: bigint | null = null;
  if (holding && entry !== null && margin !== null && currentPrice !== null) {
    profitLoss = splitLossAtMargin(
      computePnl(position.side, entry, currentPrice, position.quantity),
      margin,
    ).userPnlPaise;
  } else if (closed && margin !== null && position.payoutPaise !== null) {
    profitLoss = splitLossAtMargin(position.pnlPaise!, margin).userPnlPaise;
    // What the round trip did to cash: payout less the margin and the opening fee.
    netProfitLoss = position.payoutPaise - margin - (position.openFeePaise ?? 0n);
  }
  const lockLeftMs =
    holding && position.openedAtMs !== null
      ? lockRemaining(position.openedAtMs, options.nowMs, {
          days: position.lockDays,
          minutes: position.lockMinutes,
        })
      : 0;
  const fee = (position.openFeePaise ?? 0n) + (position.closeFeePaise ?? 0n);
  return {
    id: String(position.id),
    orderNo: String(position.id),
    symbol: position.symbol,
    name: options.name,
    currency: position.currency,
    side: position.side,
    orderType: position.orderType,
    intraday: position.intraday,
    leverage: position.leverage,
    product: position.product,
    splitFrom: position.splitFromId === null ? null : String(position.splitFromId),
    quantity: position.quantity,
    status: position.state,
    placedAt: position.placedAtMs,
    buyPrice: formatPaise(position.placedPricePaise),
    limitPrice: money(position.limitPricePaise),
    triggerPrice: money(position.triggerPricePaise),
    triggered: position.triggered,
    held: formatPaise(position.state === 'pending' ? position.heldPaise : 0n),
    buyTime: position.openedAtMs,
    confirmPrice: money(entry),
    fillTickAt: position.entryTickAtMs,
    cost: entry === null ? null : formatPaise(computeNotional(entry, position.quantity)),
    originalMargin: money(margin),
    currentPrice: money(currentPrice),
    marketValue: currentPrice === null ? null : formatPaise(computeNotional(currentPrice, position.quantity)),
    openFee: money(position.openFeePaise),
    closeFee: money(position.closeFeePaise),
    fee: formatPaise(fee),
    tax: money(position.taxPaise),
    profitLoss: money(profitLoss),
    netProfitLoss: money(netProfitLoss),
    houseAbsorbed: money(position.houseAbsorbedPaise),
    stopOutPrice:
      holding && position.stopOutPricePaise !== null && position.stopOutPricePaise > 0n
        ? formatPaise(position.stopOutPricePaise)
        : null,
    lockTime: position.lockedUntilMs,
    lockRemainingMs: lockLeftMs,
    lentUntil: holding ? (options.lentUntilMs ?? null) : null,
    locked: lockLeftMs > 0,
    sellTime: position.closedAtMs,
    sellPrice: money(position.exitPricePaise),
    exitTickAt: position.exitTickAtMs,
    closeReason: position.closeReason,
    cancelledAt: position.cancelledAtMs,
    cancelReason: position.cancelReason,
    origin: position.origin,
  };
}

/** A duration as the lock refusals show it: `1d 02:03:04`, or `02:03:04` under a day. */
export function formatDuration(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const clock = [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}
