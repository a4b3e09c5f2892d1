import type { Db } from '../db/database.js';
import type { FollowMirrorsTable } from '../db/schema.js';
import { findRow } from './row-lookups.js';

/**
 * Reads and writes of the copy-trading mirror (docs/adr/0014-copy-trading.md): the `follow_mirrors`
 * rows, one per strategy position and follow, and the mirrored holdings they lead to.
 */

export type FollowMirrorOutcome = FollowMirrorsTable['outcome'];

/** A strategy fill that a follow in progress has not yet mirrored (nor skipped). */
export interface UnmirroredFill {
  strategyPositionId: bigint;
  followId: bigint;
  strategyCapitalPaise: bigint;
}

/**
 * Strategy fills of products in progress not yet mirrored into a follow in progress that started at
 * or before the fill, in fill order. A follow that starts after a fill never gets it: it would buy at
 * a past price.
 */
export async function findUnmirroredFills(db: Db, limit: number): Promise<UnmirroredFill[]> {
  const rows = await db
    .selectFrom('positions as s')
    .innerJoin('follow_products as p', 'p.strategy_user_id', 's.user_id')
    .innerJoin('follows as f', 'f.product_id', 'p.id')
    .leftJoin('follow_mirrors as m', (join) =>
      join.onRef('m.strategy_position_id', '=', 's.id').onRef('m.follow_id', '=', 'f.id'),
    )
    .select(['s.id as strategy_position_id', 'f.id as follow_id', 'p.fund_size_paise'])
    .where('p.state', '=', 'in_progress')
    .where('f.state', '=', 'in_progress')
    .where('s.opened_at', 'is not', null)
    .whereRef('s.opened_at', '>=', 'f.started_at')
    .where('m.follow_id', 'is', null)
    .orderBy('s.opened_at')
    .orderBy('s.id')
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    strategyPositionId: row.strategy_position_id,
    followId: row.follow_id,
    strategyCapitalPaise: row.fund_size_paise,
  }));
}

/** What became of a strategy position for a follow, if it was handled already. */
export async function findMirrorOutcome(
  db: Db,
  strategyPositionId: bigint,
  followId: bigint,
): Promise<FollowMirrorOutcome | undefined> {
  const match = { strategy_position_id: strategyPositionId, follow_id: followId };
  return (await findRow(db, 'follow_mirrors', match))?.outcome;
}

export async function insertFollowMirror(
  trx: Db,
  mirror: {
    strategyPositionId: bigint;
    followId: bigint;
    followerPositionId: bigint | null;
    outcome: FollowMirrorOutcome;
    quantity: number;
    createdAtMs: number;
  },
): Promise<void> {
  await trx
    .insertInto('follow_mirrors')
    .values({
      strategy_position_id: mirror.strategyPositionId,
      follow_id: mirror.followId,
      follower_position_id: mirror.followerPositionId,
      outcome: mirror.outcome,
      quantity: BigInt(mirror.quantity),
      created_at: new Date(mirror.createdAtMs),
    })
    .execute();
}

/** Mirrored holdings whose strategy position has closed, oldest first: they close at its exit. */
export async function findMirrorIdsToClose(db: Db, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom('positions as fp')
    .innerJoin('positions as s', 's.id', 'fp.mirrors_position_id')
    .select(['fp.id'])
    .where('fp.origin', '=', 'follow')
    .where('fp.state', '=', 'holding')
    .where('s.state', '=', 'closed')
    .orderBy('fp.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The mirrored holdings still open of one follow, or of every follow of a product. */
export async function findMirroredHoldingIds(
  db: Db,
  of: { followId: bigint } | { productId: bigint },
): Promise<bigint[]> {
  const rows =
    'followId' in of
      ? await db
          .selectFrom('positions')
          .select('id')
          .where('follow_id', '=', of.followId)
          .where('state', '=', 'holding')
          .execute()
      : await db
          .selectFrom('positions')
          .innerJoin('follows', 'follows.id', 'positions.follow_id')
          .select('positions.id')
          .where('follows.product_id', '=', of.productId)
          .where('positions.state', '=', 'holding')
          .execute();
  return rows.map((row) => row.id);
}

/** A mirrored position's owner and currency and the strategy position it mirrors; undefined for any other. */
export async function findMirrorSource(
  db: Db,
  positionId: bigint,
): Promise<{ userId: bigint; currency: string; strategyPositionId: bigint } | undefined> {
  const row = await db
    .selectFrom('positions')
    .select(['user_id', 'currency', 'mirrors_position_id'])
    .where('id', '=', positionId)
    .executeTakeFirst();
  if (!row || row.mirrors_position_id === null) return undefined;
  return { userId: row.user_id, currency: row.currency, strategyPositionId: row.mirrors_position_id };
}
