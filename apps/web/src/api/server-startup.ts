/**
 * Whether the server is still starting: a first start makes the market's price history while
 * pages and sign-ins already work, and `GET /api/health` answers 503 `starting` with a percentage
 * until the market runs (the server's application/startup-progress.ts).
 */
export interface ServerStartup {
  ready: boolean;
  percent: number;
}

export async function fetchServerStartup(): Promise<ServerStartup> {
  try {
    const response = await fetch('/api/health');
    // The body is always read: an unread body keeps the request open in the browser, and a page
    // whose network never goes quiet never counts as loaded (Lighthouse, journeys waiting for it).
    const body = (await response.json().catch(() => ({}))) as { status?: string; percent?: number };
    if (response.status !== 503) return { ready: true, percent: 100 };
    return body.status === 'starting'
      ? { ready: false, percent: typeof body.percent === 'number' ? body.percent : 0 }
      : { ready: true, percent: 100 };
  } catch {
    // Unreachable is the network banner's to say, not this one's.
    return { ready: true, percent: 100 };
  }
}
