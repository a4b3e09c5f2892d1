import type { BodyOf, DataOf, staffDeleteNews, staffListNews, staffSaveNews } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffUseCase } from '../../application/context.js';
import {
  insertNews,
  listNews,
  lockNews,
  type NewsRecord,
  softDeleteNews,
  updateNews,
} from '../../repositories/news.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { isSafeCoverUrl, sanitizeNewsHtml } from './sanitize-news-html.js';

const toStaffItem = (item: NewsRecord) => ({
  id: String(item.id),
  language: item.language,
  title: item.title,
  coverUrl: item.coverUrl,
  bodyHtml: item.bodyHtml,
  publishedAt: item.publishedAtMs,
  updatedAt: item.updatedAtMs,
});

/** Creates or edits a news item; the body is sanitised before it is stored (and audited). */
export const saveNews: StaffUseCase<typeof staffSaveNews> = async (deps, context, input) => {
  const title = input.title.trim();
  if (title === '') refuse('FORM_INCOMPLETE');
  const coverUrl = input.coverUrl?.trim() || null;
  if (coverUrl !== null && !isSafeCoverUrl(coverUrl))
    refuse('VALIDATION_FAILED', { field: 'coverUrl', reason: 'https URL required' });
  const bodyHtml = sanitizeNewsHtml(input.bodyHtml);
  if (bodyHtml.trim() === '')
    refuse('VALIDATION_FAILED', { field: 'bodyHtml', reason: 'empty after sanitising' });
  const draft = {
    language: input.language,
    title,
    coverUrl,
    bodyHtml,
    publishedAtMs: input.publishAt,
    updatedAtMs: context.nowMs,
  };
  return deps.db.transaction().execute(async (trx) => {
    let row: NewsRecord;
    let before: unknown;
    if (input.id) {
      const existing = await lockNews(trx, BigInt(input.id));
      if (!existing) return refuse('PRODUCT_NOT_FOUND');
      before = toStaffItem(existing);
      row = await updateNews(trx, existing.id, draft);
    } else {
      row = await insertNews(trx, draft, { staffId: context.staff.id, atMs: context.nowMs });
    }
    const item = toStaffItem(row);
    await auditStaffAct(trx, context, {
      action: input.id ? 'news.update' : 'news.create',
      target: { type: 'news', id: row.id },
      before,
      after: { ...item, bodyHtml: `${item.bodyHtml.length} characters` },
    });
    return item;
  });
};

export const deleteNews: StaffUseCase<typeof staffDeleteNews> = async (deps, context, input) => {
  await deps.db.transaction().execute(async (trx) => {
    const row = await softDeleteNews(trx, BigInt(input.id), context.nowMs);
    if (!row) refuse('PRODUCT_NOT_FOUND');
    await auditStaffAct(trx, context, {
      action: 'news.delete',
      target: { type: 'news', id: row!.id },
      before: { title: row!.title, language: row!.language },
      reason: input.reason,
    });
  });
  return null;
};

export async function listAllNews(
  deps: AppDeps,
  input: BodyOf<typeof staffListNews>,
): Promise<DataOf<typeof staffListNews>> {
  const { page, nextCursor } = await readKeysetPage(input, 20, ({ cursorId, limit }) =>
    listNews(deps.db, { language: input.language, beforeId: cursorId, limit }),
  );
  return { items: page.map(toStaffItem), nextCursor };
}
