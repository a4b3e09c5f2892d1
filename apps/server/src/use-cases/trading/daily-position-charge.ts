import type { Db } from '../../db/database.js';
import { lockAccountBalance, type PostEntryInput, postEntry } from '../../repositories/ledger.repository.js';
import { ENGINE_ACTOR } from './engine-support.js';

/**
 * What of `duePaise` the investor's cash pays now, its balance locked until the transaction ends:
 * cash never goes negative, so what it cannot cover is waived, never charged as debt (DESIGN §5).
 */
export async function payableFromCash(trx: Db, cash: bigint, duePaise: bigint): Promise<bigint> {
  const cashPaise = await lockAccountBalance(trx, cash);
  return duePaise < cashPaise ? duePaise : cashPaise > 0n ? cashPaise : 0n;
}

/**
 * Posts a daily charge of a position (a short's borrow fee, an MTF holding's interest) from the
 * investor's cash to a house account, by the engine; nothing when nothing was payable.
 */
export async function postDailyPositionCharge(
  trx: Db,
  charge: Pick<PostEntryInput, 'key' | 'kind' | 'memo'> & {
    positionId: bigint;
    cash: bigint;
    house: bigint;
    chargedPaise: bigint;
    atMs: number;
  },
): Promise<void> {
  if (charge.chargedPaise <= 0n) return;
  await postEntry(trx, {
    key: charge.key,
    kind: charge.kind,
    reference: String(charge.positionId),
    referenceType: 'position',
    postedBy: ENGINE_ACTOR,
    atMs: charge.atMs,
    ...(charge.memo === undefined ? {} : { memo: charge.memo }),
    postings: [
      { accountId: charge.cash, amountMinor: -charge.chargedPaise, currency: 'INR' },
      { accountId: charge.house, amountMinor: charge.chargedPaise, currency: 'INR' },
    ],
  });
}
