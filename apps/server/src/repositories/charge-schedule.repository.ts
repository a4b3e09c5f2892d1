import type { BrokeragePlan, ChargeSchedule, Product } from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A charge schedule as stored (migration 0024): the rates and who added them, when and why. */
export interface ChargeScheduleRecord extends ChargeSchedule {
  id: bigint;
  createdByStaffId: bigint | null;
  reason: string;
  createdAtMs: number;
}

/** A brokerage plan with its amounts as `Amount`: bigint in core, decimal strings in the JSON column. */
type PlanOf<Amount> =
  | { kind: 'zero' }
  | { kind: 'flat'; perOrderPaise: Amount }
  | { kind: 'percent'; ratePpb: Amount; capPaise: Amount | null };

type StoredPlan = PlanOf<string>;

function mapPlanAmounts<From, To>(plan: PlanOf<From>, to: (amount: From) => To): PlanOf<To> {
  if (plan.kind === 'flat') return { kind: 'flat', perOrderPaise: to(plan.perOrderPaise) };
  if (plan.kind === 'percent') {
    return {
      kind: 'percent',
      ratePpb: to(plan.ratePpb),
      capPaise: plan.capPaise === null ? null : to(plan.capPaise),
    };
  }
  return { kind: 'zero' };
}

const planFromJson = (value: StoredPlan): BrokeragePlan => mapPlanAmounts(value, BigInt);
const planToJson = (plan: BrokeragePlan): StoredPlan => mapPlanAmounts(plan, String);

/** Every schedule, oldest first. */
export async function listChargeSchedules(db: Db): Promise<ChargeScheduleRecord[]> {
  const rows = await db
    .selectFrom('charge_schedules')
    .selectAll()
    .select(sql<string>`effective_from::text`.as('effective_date'))
    .orderBy('effective_from')
    .execute();
  return rows.map((row) => {
    const plans = (
      typeof row.brokerage_plans === 'string' ? JSON.parse(row.brokerage_plans) : row.brokerage_plans
    ) as Record<Product, StoredPlan>;
    return {
      id: row.id,
      effectiveFrom: row.effective_date,
      brokerage: { CNC: planFromJson(plans.CNC), MIS: planFromJson(plans.MIS), MTF: planFromJson(plans.MTF) },
      sttDeliveryBuyPpb: row.stt_delivery_buy_ppb,
      sttDeliverySellPpb: row.stt_delivery_sell_ppb,
      sttIntradayBuyPpb: row.stt_intraday_buy_ppb,
      sttIntradaySellPpb: row.stt_intraday_sell_ppb,
      exchangePpb: row.exchange_ppb,
      sebiPpb: row.sebi_ppb,
      stampDeliveryBuyPpb: row.stamp_delivery_buy_ppb,
      stampIntradayBuyPpb: row.stamp_intraday_buy_ppb,
      gstPpb: row.gst_ppb,
      dpChargePaise: row.dp_charge_paise,
      createdByStaffId: row.created_by_staff_id,
      reason: row.reason,
      createdAtMs: row.created_at.getTime(),
    };
  });
}

/** Serialises additions of schedules (a transaction-scoped lock on the table). */
export async function lockChargeSchedules(trx: Db): Promise<void> {
  await sql`LOCK TABLE charge_schedules IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/** Adds a schedule row; the table's UNIQUE effective date refuses a second row for a date. */
export async function insertChargeSchedule(
  trx: Db,
  input: { schedule: ChargeSchedule; createdByStaffId: bigint; reason: string; atMs: number },
): Promise<bigint> {
  const { schedule } = input;
  const row = await trx
    .insertInto('charge_schedules')
    .values({
      effective_from: schedule.effectiveFrom,
      brokerage_plans: JSON.stringify({
        CNC: planToJson(schedule.brokerage.CNC),
        MIS: planToJson(schedule.brokerage.MIS),
        MTF: planToJson(schedule.brokerage.MTF),
      }),
      stt_delivery_buy_ppb: schedule.sttDeliveryBuyPpb,
      stt_delivery_sell_ppb: schedule.sttDeliverySellPpb,
      stt_intraday_buy_ppb: schedule.sttIntradayBuyPpb,
      stt_intraday_sell_ppb: schedule.sttIntradaySellPpb,
      exchange_ppb: schedule.exchangePpb,
      sebi_ppb: schedule.sebiPpb,
      stamp_delivery_buy_ppb: schedule.stampDeliveryBuyPpb,
      stamp_intraday_buy_ppb: schedule.stampIntradayBuyPpb,
      gst_ppb: schedule.gstPpb,
      dp_charge_paise: schedule.dpChargePaise,
      created_by_staff_id: input.createdByStaffId,
      reason: input.reason,
      created_at: new Date(input.atMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
