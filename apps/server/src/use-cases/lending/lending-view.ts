import { formatPaise } from '@nivesh/core';
import type { LendingRecord } from '../../repositories/lending.repository.js';

/** One lending at the API (contract `Lending`). */
export interface LendingView {
  id: string;
  positionId: string;
  symbol: string;
  name: string;
  quantity: number;
  price: string;
  value: string;
  termDays: number;
  feeBpsPerDay: number;
  expectedFee: string;
  feePaid: string | null;
  state: 'in_progress' | 'completed';
  lentAt: number;
  termEndsAt: number;
  completedAt: number | null;
  endReason: 'term' | 'position_closed' | null;
}

export function toLendingView(lending: LendingRecord & { name: string }): LendingView {
  return {
    id: String(lending.id),
    positionId: String(lending.positionId),
    symbol: lending.symbol,
    name: lending.name,
    quantity: lending.quantity,
    price: formatPaise(lending.pricePaise),
    value: formatPaise(lending.valuePaise),
    termDays: lending.termDays,
    feeBpsPerDay: lending.feeBpsPerDay,
    expectedFee: formatPaise(lending.expectedFeePaise),
    feePaid: lending.feePaidPaise === null ? null : formatPaise(lending.feePaidPaise),
    state: lending.state,
    lentAt: lending.lentAtMs,
    termEndsAt: lending.termEndsAtMs,
    completedAt: lending.completedAtMs,
    endReason: lending.endReason,
  };
}
