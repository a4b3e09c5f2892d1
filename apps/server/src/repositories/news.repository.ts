import type { Db } from '../db/database.js';
import type { NewsTable } from '../db/schema.js';
import { newestFirstPage, type PageBefore } from './paging.js';
import { findRow, lockRecord, type RowOf, whereMatching } from './row-lookups.js';
import { recordFromRow, rowFromRecord } from './row-records.js';
import { insertRow, updateRow } from './row-writes.js';

/** The `news` table: items staff write, published at a time, deleted softly. */
export interface NewsRecord {
  id: bigint;
  language: NewsTable['language'];
  title: string;
  coverUrl: string | null;
  bodyHtml: string;
  /** Null for a draft; an item is shown from this time on. */
  publishedAtMs: number | null;
  updatedAtMs: number;
}

function toNewsRecord(row: RowOf<'news'>): NewsRecord {
  // Who wrote it and when, and the deletion, stay in the table: no reader of an item shows them.
  const { created_by: _createdBy, created_at: _createdAt, deleted_at: _deletedAt, ...shown } = row;
  return recordFromRow(shown);
}

/** What staff write of an item: all of it but the id. */
export type NewsDraft = Omit<NewsRecord, 'id'>;

/** An item not deleted, locked until the transaction ends. */
export async function lockNews(trx: Db, id: bigint): Promise<NewsRecord | undefined> {
  return lockRecord(trx, 'news', { id, deleted_at: null }, toNewsRecord);
}

export async function insertNews(
  trx: Db,
  draft: NewsDraft,
  createdBy: { staffId: bigint; atMs: number },
): Promise<NewsRecord> {
  const created = { created_by: createdBy.staffId, created_at: new Date(createdBy.atMs) };
  return toNewsRecord(await insertRow(trx, 'news', { ...rowFromRecord(draft), ...created }));
}

export async function updateNews(trx: Db, id: bigint, draft: NewsDraft): Promise<NewsRecord> {
  const row = await updateRow(trx, 'news', { id }, rowFromRecord(draft));
  if (!row) throw new Error(`news ${id}: no such item to update`);
  return toNewsRecord(row);
}

/** Deletes an item softly unless it already is; answers the item deleted. */
export async function softDeleteNews(trx: Db, id: bigint, atMs: number): Promise<NewsRecord | undefined> {
  const row = await updateRow(trx, 'news', { id, deleted_at: null }, { deleted_at: new Date(atMs) });
  return row && toNewsRecord(row);
}

/** Items not deleted, newest first (of one language when given), older than `beforeId`, at most `limit`. */
export async function listNews(
  db: Db,
  page: PageBefore & { language?: NewsTable['language'] | undefined },
): Promise<NewsRecord[]> {
  let select = db.selectFrom('news').selectAll().where('deleted_at', 'is', null);
  if (page.language) select = select.where('language', '=', page.language);
  return (await newestFirstPage(select, 'id', page).execute()).map(toNewsRecord);
}

/**
 * Items of a language published by `nowMs`, newest publication first (ties by id), at most
 * `limit`; after the item `afterId` in that order when given.
 */
export async function listNewsPublishedBy(
  db: Db,
  page: { language: NewsTable['language']; nowMs: number; afterId?: bigint | undefined; limit: number },
): Promise<NewsRecord[]> {
  let query = db
    .selectFrom('news')
    .selectAll()
    .where('language', '=', page.language)
    .where('deleted_at', 'is', null)
    .where('published_at', 'is not', null)
    .where('published_at', '<=', new Date(page.nowMs))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit);
  if (page.afterId !== undefined) {
    const cursor = await findRow(db, 'news', { id: page.afterId });
    if (cursor?.published_at) {
      const at = cursor.published_at;
      query = query.where((eb) =>
        eb.or([eb('published_at', '<', at), eb.and([eb('published_at', '=', at), eb('id', '<', cursor.id)])]),
      );
    }
  }
  return (await query.execute()).map(toNewsRecord);
}

/** An item not deleted and published by `nowMs`. */
export async function findNewsPublishedBy(
  db: Db,
  id: bigint,
  nowMs: number,
): Promise<NewsRecord | undefined> {
  const row = await whereMatching(db.selectFrom('news').selectAll(), 'news', { id, deleted_at: null })
    .where('published_at', '<=', new Date(nowMs))
    .executeTakeFirst();
  return row && toNewsRecord(row);
}
