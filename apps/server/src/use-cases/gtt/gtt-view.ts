import type { DataOf, listGtts } from '@nivesh/contract';
import { type ErrorCode, errorMessage, isErrorCode, type Language } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import type { GttRecord } from '../../repositories/gtt.repository.js';

export type GttView = DataOf<typeof listGtts>['items'][number];

/** A GTT as the app's calls answer it (prices as 2-decimal rupee strings). */
export function toGttView(gtt: GttRecord, language: Language): GttView {
  return {
    id: gtt.id.toString(),
    symbol: gtt.symbol,
    type: gtt.type,
    status: gtt.status,
    lastPrice: formatPaise(gtt.lastPricePaise),
    triggers: gtt.legs.map((leg) => formatPaise(leg.triggerPaise)),
    orders: gtt.legs.map((leg) => ({
      transactionType: leg.transactionType,
      product: leg.product,
      quantity: leg.quantity,
      price: formatPaise(leg.pricePaise),
    })),
    createdAt: gtt.createdAtMs,
    updatedAt: gtt.updatedAtMs,
    expiresAt: gtt.expiresAtMs,
    firedLeg: gtt.firedLeg,
    orderId: gtt.positionId === null ? null : gtt.positionId.toString(),
    rejectReason: gtt.rejectCode === null ? null : rejectReasonOf(gtt.rejectCode, language),
  };
}

/** The refusal that rejected a GTT's order, as a sentence in the investor's language. */
export function rejectReasonOf(code: string, language: Language): string {
  return isErrorCode(code) ? errorMessage(code as ErrorCode, language) : code;
}
