import type { Db } from '../db/database.js';
import type { NewsTable } from '../db/schema.js';
import { newestFirstPage, type PageBefore } from './paging.js';
import { lockRow } from './row-lookups.js';

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

function toNewsRecord(row: {
  id: bigint;
  language: NewsTable['language'];
  title: string;
  cover_url: string | null;
  body_html: string;
  published_at: Date | null;
  updated_at: Date;
}): NewsRecord {
  return {
    id: row.id,
    language: row.language,
    title: row.title,
    coverUrl: row.cover_url,
    bodyHtml: row.body_html,
    publishedAtMs: row.published_at?.getTime() ?? null,
    updatedAtMs: row.updated_at.getTime(),
  };
}

/** What staff write of an item. */
export interface NewsDraft {
  language: NewsTable['language'];
  title: string;
  coverUrl: string | null;
  bodyHtml: string;
  publishedAtMs: number | null;
  updatedAtMs: number;
}

const draftValues = (draft: NewsDraft) => ({
  language: draft.language,
  title: draft.title,
  cover_url: draft.coverUrl,
  body_html: draft.bodyHtml,
  published_at: draft.publishedAtMs === null ? null : new Date(draft.publishedAtMs),
  updated_at: new Date(draft.updatedAtMs),
});

/** An item not deleted, locked until the transaction ends. */
export async function lockNews(trx: Db, id: bigint): Promise<NewsRecord | undefined> {
  const row = await lockRow(trx, 'news', { id, deleted_at: null });
  return row && toNewsRecord(row);
}

export async function insertNews(
  trx: Db,
  draft: NewsDraft,
  createdBy: { staffId: bigint; atMs: number },
): Promise<NewsRecord> {
  const row = await trx
    .insertInto('news')
    .values({ ...draftValues(draft), created_by: createdBy.staffId, created_at: new Date(createdBy.atMs) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toNewsRecord(row);
}

export async function updateNews(trx: Db, id: bigint, draft: NewsDraft): Promise<NewsRecord> {
  const row = await trx
    .updateTable('news')
    .set(draftValues(draft))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toNewsRecord(row);
}

/** Deletes an item softly unless it already is; answers the item deleted. */
export async function softDeleteNews(trx: Db, id: bigint, atMs: number): Promise<NewsRecord | undefined> {
  const row = await trx
    .updateTable('news')
    .set({ deleted_at: new Date(atMs) })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
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
    const cursor = await db
      .selectFrom('news')
      .select(['id', 'published_at'])
      .where('id', '=', page.afterId)
      .executeTakeFirst();
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
  const row = await db
    .selectFrom('news')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('published_at', '<=', new Date(nowMs))
    .executeTakeFirst();
  return row && toNewsRecord(row);
}
