import type { ChargeScheduleItem } from '@nivesh/contract';
import { type BrokeragePlan, type ChargeLines, formatPaise, formatRatePercent } from '@nivesh/core';
import type { Static } from 'typebox';
import type { ChargeScheduleRecord } from '../../repositories/charge-schedule.repository.js';

function planView(plan: BrokeragePlan) {
  if (plan.kind === 'flat') return { kind: 'flat' as const, perOrder: formatPaise(plan.perOrderPaise) };
  if (plan.kind === 'percent') {
    return {
      kind: 'percent' as const,
      ratePercent: formatRatePercent(plan.ratePpb),
      cap: plan.capPaise === null ? null : formatPaise(plan.capPaise),
    };
  }
  return { kind: 'zero' as const };
}

/** A stored schedule as the console reads it: rates in percent, amounts in rupees. */
export function toChargeScheduleItem(
  record: ChargeScheduleRecord,
  inForce: boolean,
): Static<typeof ChargeScheduleItem> {
  return {
    id: String(record.id),
    effectiveFrom: record.effectiveFrom,
    inForce,
    brokerage: {
      CNC: planView(record.brokerage.CNC),
      MIS: planView(record.brokerage.MIS),
      MTF: planView(record.brokerage.MTF),
    },
    sttDeliveryBuy: formatRatePercent(record.sttDeliveryBuyPpb),
    sttDeliverySell: formatRatePercent(record.sttDeliverySellPpb),
    sttIntradayBuy: formatRatePercent(record.sttIntradayBuyPpb),
    sttIntradaySell: formatRatePercent(record.sttIntradaySellPpb),
    exchange: formatRatePercent(record.exchangePpb),
    sebi: formatRatePercent(record.sebiPpb),
    stampDeliveryBuy: formatRatePercent(record.stampDeliveryBuyPpb),
    stampIntradayBuy: formatRatePercent(record.stampIntradayBuyPpb),
    gst: formatRatePercent(record.gstPpb),
    dpCharge: formatPaise(record.dpChargePaise),
    createdBy: record.createdByStaffId === null ? null : String(record.createdByStaffId),
    reason: record.reason,
    createdAt: record.createdAtMs,
  };
}

/** The charge lines as rupee strings (the contract's ChargeLinesView). */
export function toChargeLinesView(charges: ChargeLines) {
  return {
    brokerage: formatPaise(charges.brokeragePaise),
    stt: formatPaise(charges.sttPaise),
    exchange: formatPaise(charges.exchangePaise),
    sebi: formatPaise(charges.sebiPaise),
    stampDuty: formatPaise(charges.stampPaise),
    gst: formatPaise(charges.gstPaise),
    dp: formatPaise(charges.dpPaise),
    total: formatPaise(charges.totalPaise),
  };
}
