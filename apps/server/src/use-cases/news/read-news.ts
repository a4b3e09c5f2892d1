import type { listNews, newsDetail } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { PublicUseCase } from '../../application/context.js';
import { findNewsPublishedBy, listNewsPublishedBy } from '../../repositories/news.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';
import { newsPlainText } from './sanitize-news-html.js';

const DEFAULT_PAGE = 10;
const SUMMARY_CHARACTERS = 160;

/** Published news in the reader's language, newest first (scheduled items appear at their time). */
export const listPublishedNews: PublicUseCase<typeof listNews> = async (deps, context, input) => {
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_PAGE, ({ cursorId, limit }) =>
    listNewsPublishedBy(deps.db, {
      language: context.language,
      nowMs: context.nowMs,
      afterId: cursorId,
      limit,
    }),
  );
  return {
    items: page.map((item) => ({
      id: String(item.id),
      title: item.title,
      coverUrl: item.coverUrl,
      summary: newsPlainText(item.bodyHtml).slice(0, SUMMARY_CHARACTERS),
      publishedAt: item.publishedAtMs!,
    })),
    nextCursor,
  };
};

export const readPublishedNews: PublicUseCase<typeof newsDetail> = async (deps, context, input) => {
  const item = await findNewsPublishedBy(deps.db, BigInt(input.id), context.nowMs);
  if (item?.publishedAtMs == null) return refuse('PRODUCT_NOT_FOUND');
  return {
    id: String(item.id),
    language: item.language,
    title: item.title,
    coverUrl: item.coverUrl,
    bodyHtml: item.bodyHtml,
    publishedAt: item.publishedAtMs,
  };
};
