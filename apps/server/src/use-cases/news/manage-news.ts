import type { BodyOf, DataOf, staffDeleteNews, staffListNews, staffSaveNews } from '@nivesh/contract';
import type { Selectable } from 'kysely';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { NewsTable } from '../../db/schema.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { isSafeCoverUrl, sanitizeNewsHtml } from './sanitize-news-html.js';

const toStaffItem = (row: Selectable<NewsTable>) => ({
  id: String(row.id),
  language: row.language,
  title: row.title,
  coverUrl: row.cover_url,
  bodyHtml: row.body_html,
  publishedAt: row.published_at ? row.published_at.getTime() : null,
  updatedAt: row.updated_at.getTime(),
});

/** Creates or edits a news item; the body is sanitised before it is stored (and audited). */
export async function saveNews(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffSaveNews>,
): Promise<DataOf<typeof staffSaveNews>> {
  const title = input.title.trim();
  if (title === '') refuse('FORM_INCOMPLETE');
  const coverUrl = input.coverUrl?.trim() || null;
  if (coverUrl !== null && !isSafeCoverUrl(coverUrl))
    refuse('VALIDATION_FAILED', { field: 'coverUrl', reason: 'https URL required' });
  const bodyHtml = sanitizeNewsHtml(input.bodyHtml);
  if (bodyHtml.trim() === '')
    refuse('VALIDATION_FAILED', { field: 'bodyHtml', reason: 'empty after sanitising' });
  const values = {
    language: input.language,
    title,
    cover_url: coverUrl,
    body_html: bodyHtml,
    published_at: input.publishAt === null ? null : new Date(input.publishAt),
    updated_at: new Date(context.nowMs),
  };
  return deps.db.transaction().execute(async (trx) => {
    let row: Selectable<NewsTable>;
    let before: unknown;
    if (input.id) {
      const existing = await trx
        .selectFrom('news')
        .selectAll()
        .where('id', '=', BigInt(input.id))
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!existing) return refuse('PRODUCT_NOT_FOUND');
      before = toStaffItem(existing);
      row = await trx
        .updateTable('news')
        .set(values)
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      row = await trx
        .insertInto('news')
        .values({ ...values, created_by: context.staff.id, created_at: new Date(context.nowMs) })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const item = toStaffItem(row);
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: input.id ? 'news.update' : 'news.create',
      target: { type: 'news', id: row.id },
      before,
      after: { ...item, bodyHtml: `${item.bodyHtml.length} characters` },
      requestId: context.requestId,
      ip: context.ip,
    });
    return item;
  });
}

export async function deleteNews(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffDeleteNews>,
): Promise<DataOf<typeof staffDeleteNews>> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('news')
      .set({ deleted_at: new Date(context.nowMs) })
      .where('id', '=', BigInt(input.id))
      .where('deleted_at', 'is', null)
      .returning(['id', 'title', 'language'])
      .executeTakeFirst();
    if (!row) refuse('PRODUCT_NOT_FOUND');
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'news.delete',
      target: { type: 'news', id: row!.id },
      before: { title: row!.title, language: row!.language },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
  });
  return null;
}

export async function listAllNews(
  deps: AppDeps,
  input: BodyOf<typeof staffListNews>,
): Promise<DataOf<typeof staffListNews>> {
  const limit = input.limit ?? 20;
  let query = deps.db
    .selectFrom('news')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (input.language) query = query.where('language', '=', input.language);
  if (input.cursor) query = query.where('id', '<', BigInt(input.cursor));
  const rows = await query.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map(toStaffItem),
    nextCursor,
  };
}
