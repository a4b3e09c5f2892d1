import type { ApiAppRecord } from '../../repositories/api-app.repository.js';

/** An API app as the investor sees it (never its secret nor its hash). */
export function toApiAppView(app: ApiAppRecord) {
  return {
    id: app.id.toString(),
    name: app.name,
    redirectUrl: app.redirectUrl,
    apiKey: app.apiKey,
    createdAt: app.createdAtMs,
    secretRotatedAt: app.secretRotatedAtMs,
    book: app.book,
  };
}
