import type { NewsRecord } from '../../repositories/news.repository.js';

/** A news item as the app's detail and the console both show it (the console adds when it changed). */
export function toNewsView(item: NewsRecord) {
  return {
    id: String(item.id),
    language: item.language,
    title: item.title,
    coverUrl: item.coverUrl,
    bodyHtml: item.bodyHtml,
    publishedAt: item.publishedAtMs,
  };
}
