import type { BodyOf, DataOf, listNews, newsDetail } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, RequestContext } from '../../application/context.js';
import { keysetPage } from '../../repositories/paging.js';
import { newsPlainText } from './sanitize-news-html.js';

const DEFAULT_PAGE = 10;
const SUMMARY_CHARACTERS = 160;

/** Published news in the reader's language, newest first (scheduled items appear at their time). */
export async function listPublishedNews(
  deps: AppDeps,
  context: RequestContext,
  input: BodyOf<typeof listNews>,
): Promise<DataOf<typeof listNews>> {
  const limit = input.limit ?? DEFAULT_PAGE;
  let query = deps.db
    .selectFrom('news')
    .select(['id', 'title', 'cover_url', 'body_html', 'published_at'])
    .where('language', '=', context.language)
    .where('deleted_at', 'is', null)
    .where('published_at', 'is not', null)
    .where('published_at', '<=', new Date(context.nowMs))
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (input.cursor) {
    const cursor = await deps.db
      .selectFrom('news')
      .select(['id', 'published_at'])
      .where('id', '=', BigInt(input.cursor))
      .executeTakeFirst();
    if (cursor?.published_at) {
      const at = cursor.published_at;
      query = query.where((eb) =>
        eb.or([eb('published_at', '<', at), eb.and([eb('published_at', '=', at), eb('id', '<', cursor.id)])]),
      );
    }
  }
  const rows = await query.execute();
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((row) => ({
      id: String(row.id),
      title: row.title,
      coverUrl: row.cover_url,
      summary: newsPlainText(row.body_html).slice(0, SUMMARY_CHARACTERS),
      publishedAt: row.published_at!.getTime(),
    })),
    nextCursor,
  };
}

export async function readPublishedNews(
  deps: AppDeps,
  context: RequestContext,
  input: BodyOf<typeof newsDetail>,
): Promise<DataOf<typeof newsDetail>> {
  const row = await deps.db
    .selectFrom('news')
    .selectAll()
    .where('id', '=', BigInt(input.id))
    .where('deleted_at', 'is', null)
    .where('published_at', '<=', new Date(context.nowMs))
    .executeTakeFirst();
  if (!row?.published_at) return refuse('PRODUCT_NOT_FOUND');
  return {
    id: String(row.id),
    language: row.language,
    title: row.title,
    coverUrl: row.cover_url,
    bodyHtml: row.body_html,
    publishedAt: row.published_at.getTime(),
  };
}
