// NSE's files as the market's source of truth, in Debian Chromium at 390 x 844
// (docs/adr/0023-nse-instrument-master-and-price-provenance.md): a fresh install without the
// simulator (NIVESH_FEED=none) imports NSE's three real UDiFF bhavcopies of 18 to 20 June 2025 with
// `npm run import:bhavcopy`, starts, and the investor opens RELIANCE's detail: the real close of
// 20 June (₹1,466.20) labelled "close of 20 Jun 2025", no simulated badge, and a chart of real days.
//
//   node apps/web/e2e/nse-journey.mjs   (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/nse-journey/.
import { spawnSync } from 'node:child_process';
import { runJourney } from './journey-kit.mjs';
import { ensureWebBuild, repositoryRoot, startServer } from './server.mjs';

const FILES = ['20250618', '20250619', '20250620'].map(
  (day) => `packages/market/fixtures/nse/BhavCopy_NSE_CM_0_0_0_${day}_F_0000.csv.zip`,
);

let imported = '';
// The server serves the build it finds at start, so the app is built before it starts.
if (process.env.JOURNEY_NO_BUILD !== '1') await ensureWebBuild();
const server = await startServer(
  { NIVESH_FEED: 'none', NIVESH_DEMO_SESSION: '0' },
  {
    // The embedded database is one process's at a time: the import runs before the server starts,
    // on the same fresh data folder, as an operator would.
    beforeStart(env) {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/cli/import-bhavcopy.ts', ...FILES],
        { cwd: repositoryRoot, env, encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`the import failed: ${run.stderr}`);
      imported = run.stdout.trim();
    },
  },
);
try {
  await runJourney('nse', { base: server.baseUrl }, async ({ page, snap, go, step, call, logIn }) => {
    for (const line of imported.split('\n').filter((text) => text.startsWith('2025-'))) step(line);

    const quote = { data: await call('vue', 'market/quote', { symbol: 'RELIANCE' }) };
    if (
      quote.data.price !== '1466.20' ||
      quote.data.source !== 'imported' ||
      quote.data.simulated !== false
    ) {
      throw new Error(`RELIANCE's quote is not the real close: ${JSON.stringify(quote.data)}`);
    }
    step('market/quote RELIANCE: 1466.20, source imported, simulated false');

    await logIn();
    step('demo investor logged in');
    // The stock detail opens on the stock the market screen stored when tapped.
    await go('/market/index');
    await page.evaluate(() => localStorage.setItem('stockDetail', JSON.stringify({ symbol: 'RELIANCE' })));
    await go('/market/stockDetail');
    await page.getByText('RELIANCE INDUSTRIES LTD').first().waitFor();
    await page.locator('.price-card__price').getByText('1,466.20').waitFor();
    await page.getByText('close of 20 Jun 2025').waitFor();
    if ((await page.locator('.price-card').getByText('Simulated').count()) !== 0) {
      throw new Error('a real close is labelled simulated');
    }
    await page.locator('.kline-chart canvas').first().waitFor();
    // End-of-day prices have no minutes: the daily chart shows the three real days.
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await snap('reliance-detail');
    step('RELIANCE detail shows ₹1,466.20, "close of 20 Jun 2025", and no simulated badge');
  });
} finally {
  await server.stop();
}
