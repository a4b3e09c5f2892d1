import { formatPaise, type HouseAccountPurpose } from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  houseAccountId,
  lockAccountBalance,
  type PostEntryInput,
  postEntry,
  userAccountId,
} from '../../repositories/ledger.repository.js';
import { bookOfUser } from '../../repositories/paper-account.repository.js';
import { lockPosition, type PositionRecord } from '../../repositories/position.repository.js';
import { ENGINE_ACTOR } from './engine-support.js';

/** A position a daily charge job found owing the day's charge, and its investor. */
export interface DuePosition {
  positionId: bigint;
  userId: bigint;
}

/** A holding to charge for one IST day: the accounts the charge moves between, and when. */
export interface HoldingDay {
  position: PositionRecord;
  /** The investor's INR cash account. */
  cash: bigint;
  /** The house account the charge is paid to. */
  house: bigint;
  istDate: string;
  atMs: number;
}

/**
 * Charges each due position in a transaction of its own, under the position's row lock (a close or
 * a split of it waits, so the day is charged on a holding); answers how many were charged.
 * `chargeHolding` runs only for a position still holding, and answers false when it charged nothing
 * after all (not owing on a second look, or the day recorded already).
 */
export async function chargeDuePositions(
  deps: AppDeps,
  day: { due: readonly DuePosition[]; house: HouseAccountPurpose; istDate: string; atMs: number },
  chargeHolding: (trx: Db, holding: HoldingDay) => Promise<boolean>,
): Promise<number> {
  let charged = 0;
  for (const item of day.due) {
    const cash = await userAccountId(deps.db, item.userId, 'cash', 'INR');
    // A paper holding pays the paper book's house account (docs/adr/0026): an entry never mixes books.
    const book = await bookOfUser(deps.db, item.userId);
    const house = await houseAccountId(deps.db, day.house, 'INR', deps.db, book);
    const done = await inTransaction(deps.db, async (trx) => {
      const position = await lockPosition(trx, item.positionId);
      if (position?.state !== 'holding') return false;
      return chargeHolding(trx, { position, cash, house, istDate: day.istDate, atMs: day.atMs });
    });
    if (done) charged += 1;
  }
  return charged;
}

/**
 * What of `duePaise` the investor's cash pays now, its balance locked until the transaction ends:
 * cash never goes negative, so what it cannot cover is waived, never charged as debt (DESIGN §5).
 */
export async function payableFromCash(trx: Db, cash: bigint, duePaise: bigint): Promise<bigint> {
  const cashPaise = await lockAccountBalance(trx, cash);
  return duePaise < cashPaise ? duePaise : cashPaise > 0n ? cashPaise : 0n;
}

/** The columns every daily charge row shares (lending_borrow_fees, mtf_interest_charges). */
export interface DayChargeRow {
  positionId: bigint;
  istDate: string;
  userId: bigint;
  chargedPaise: bigint;
  waivedPaise: bigint;
  chargedAtMs: number;
}

/**
 * Charges a holding `duePaise` for one IST day, by the engine: cash pays what it can (the rest is
 * waived, payableFromCash), `writeDayRow` records the day once with what was charged and waived,
 * then the charge is posted from cash to `house` (when anything was payable) and audited with the
 * day's figures (`audit.after` and the amounts charged and waived). Answers false, posting nothing,
 * when the day had its row already.
 */
export async function chargeHoldingDay(
  trx: Db,
  holding: HoldingDay,
  charge: {
    duePaise: bigint;
    entry: Pick<PostEntryInput, 'key' | 'kind' | 'memo'>;
    writeDayRow: (row: DayChargeRow) => Promise<boolean>;
    audit: { action: string; after: Record<string, unknown> };
  },
): Promise<boolean> {
  const { position, cash, house, istDate, atMs } = holding;
  const chargedPaise = await payableFromCash(trx, cash, charge.duePaise);
  const waivedPaise = charge.duePaise - chargedPaise;
  const row = { positionId: position.id, istDate, userId: position.userId, chargedPaise, waivedPaise };
  if (!(await charge.writeDayRow({ ...row, chargedAtMs: atMs }))) return false;
  if (chargedPaise > 0n) {
    await postEntry(trx, {
      ...charge.entry,
      reference: String(position.id),
      referenceType: 'position',
      postedBy: ENGINE_ACTOR,
      atMs,
      postings: [
        { accountId: cash, amountMinor: -chargedPaise, currency: 'INR' },
        { accountId: house, amountMinor: chargedPaise, currency: 'INR' },
      ],
    });
  }
  await appendAudit(trx, {
    actor: ENGINE_ACTOR,
    action: charge.audit.action,
    target: { type: 'position', id: position.id },
    after: {
      date: istDate,
      ...charge.audit.after,
      charged: formatPaise(chargedPaise),
      waived: formatPaise(waivedPaise),
    },
  });
  return true;
}
