import type { addChargeSchedule as addChargeScheduleCall, BodyOf, DataOf } from '@nivesh/contract';
import {
  type BrokeragePlan,
  type ChargeSchedule,
  chargeScheduleProblems,
  isIstDate,
  istDate,
  PRODUCTS,
  parsePaise,
  parseRatePercent,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { pgErrorCode } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import {
  insertChargeSchedule,
  listChargeSchedules,
  lockChargeSchedules,
} from '../../repositories/charge-schedule.repository.js';
import { forgetTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { toChargeScheduleItem } from './charge-schedule-view.js';

type Body = BodyOf<typeof addChargeScheduleCall>;

const rate = (text: string, field: string): bigint =>
  parseRatePercent(text) ?? refuse('CHARGE_RATE_INVALID', { field });

const amount = (value: string | number, field: string): bigint => {
  const parsed = parsePaise(value, { allowZero: true });
  if (!parsed.ok) refuse('VALIDATION_FAILED', { field, reason: parsed.reason });
  return (parsed as { paise: bigint }).paise;
};

function readPlan(plan: Body['brokerage']['CNC'], field: string): BrokeragePlan {
  if (plan.kind === 'flat')
    return { kind: 'flat', perOrderPaise: amount(plan.perOrder, `${field}.perOrder`) };
  if (plan.kind === 'percent') {
    return {
      kind: 'percent',
      ratePpb: rate(plan.ratePercent, `${field}.ratePercent`),
      capPaise: plan.cap === undefined || plan.cap === null ? null : amount(plan.cap, `${field}.cap`),
    };
  }
  return { kind: 'zero' };
}

/**
 * Finance (or an admin) adds the charge schedule in force from a future IST date, with a reason,
 * audited with the schedule it replaces from that date (before) and the new one (after). Refused,
 * writing nothing: a rate that is not a percent from 0 to 100 with at most 7 decimals (a negative
 * rate among them), a negative amount, a date that is today or past (a trade already priced must
 * never change; docs/adr/0020), or a date that already has a schedule. Rows are never edited.
 */
export async function addChargeSchedule(
  deps: AppDeps,
  context: StaffContext,
  input: Body,
): Promise<DataOf<typeof addChargeScheduleCall>> {
  const today = istDate(context.nowMs);
  if (!isIstDate(input.effectiveFrom)) {
    refuse('VALIDATION_FAILED', { field: 'effectiveFrom', reason: 'not a YYYY-MM-DD date' });
  }
  if (input.effectiveFrom <= today) refuse('CHARGE_SCHEDULE_DATE_NOT_FUTURE', { today });
  const brokerage = Object.fromEntries(
    PRODUCTS.map((product) => [product, readPlan(input.brokerage[product], `brokerage.${product}`)]),
  ) as ChargeSchedule['brokerage'];
  const schedule: ChargeSchedule = {
    effectiveFrom: input.effectiveFrom,
    brokerage,
    sttDeliveryBuyPpb: rate(input.sttDeliveryBuy, 'sttDeliveryBuy'),
    sttDeliverySellPpb: rate(input.sttDeliverySell, 'sttDeliverySell'),
    sttIntradayBuyPpb: rate(input.sttIntradayBuy, 'sttIntradayBuy'),
    sttIntradaySellPpb: rate(input.sttIntradaySell, 'sttIntradaySell'),
    exchangePpb: rate(input.exchange, 'exchange'),
    sebiPpb: rate(input.sebi, 'sebi'),
    stampDeliveryBuyPpb: rate(input.stampDeliveryBuy, 'stampDeliveryBuy'),
    stampIntradayBuyPpb: rate(input.stampIntradayBuy, 'stampIntradayBuy'),
    gstPpb: rate(input.gst, 'gst'),
    dpChargePaise: amount(input.dpCharge, 'dpCharge'),
  };
  const [problem] = chargeScheduleProblems(schedule);
  if (problem !== undefined) refuse('CHARGE_RATE_INVALID', { field: problem });

  const added = await inTransaction(deps.db, async (trx) => {
    await lockChargeSchedules(trx);
    const existing = await listChargeSchedules(trx);
    if (existing.some((row) => row.effectiveFrom === schedule.effectiveFrom)) {
      refuse('CHARGE_SCHEDULE_DATE_TAKEN', { date: schedule.effectiveFrom });
    }
    const replaced = existing.filter((row) => row.effectiveFrom < schedule.effectiveFrom).at(-1);
    let id: bigint;
    try {
      id = await insertChargeSchedule(trx, {
        schedule,
        createdByStaffId: context.staff.id,
        reason: input.reason,
        atMs: context.nowMs,
      });
    } catch (error) {
      if (pgErrorCode(error) === '23505')
        refuse('CHARGE_SCHEDULE_DATE_TAKEN', { date: schedule.effectiveFrom });
      throw error;
    }
    const record = (await listChargeSchedules(trx)).find((row) => row.id === id)!;
    await auditStaffAct(trx, context, {
      action: 'charges.schedule_add',
      target: { type: 'charge_schedule', id },
      before: replaced ? toChargeScheduleItem(replaced, false) : null,
      after: toChargeScheduleItem(record, false),
      reason: input.reason,
    });
    return record;
  });
  forgetTradingParameters(deps.db);
  return toChargeScheduleItem(added, false);
}
