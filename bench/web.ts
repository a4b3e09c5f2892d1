/*
 * `npm run bench -- web [--runs N] [--no-build]`: the investor app's weight and speed.
 *
 * 1. A production build of apps/web (unless --no-build and dist is newer than src).
 * 2. The real server (fresh PGlite, simulator) serving that build, with a signed-in investor.
 * 3. JavaScript per route, gzipped: each route is opened in Debian Chromium (390 x 844, service
 *    workers blocked, a fresh context per route, so nothing is cached) and every script it loads
 *    until the network is quiet is gzipped (level 9) and added up. Targets: login at most 200 KB,
 *    stock detail at most 300 KB.
 * 4. Lighthouse (mobile preset: simulated slow 4G and a 4x slower CPU) through chrome-launcher on
 *    /usr/bin/chromium, on a blank static page served by the same server (the baseline), the login
 *    and the home screen (signed in); the median of N runs (default 3). Targets: performance at least
 *    90 and LCP at most 2.0 s; the ratios say how far each screen is from the blank page.
 *    Each run's report is saved as artifacts/lighthouse/<page>-<n>.json (for `long-tasks`,
 *    `bootup-time`, `mainthread-work-breakdown`), and the one-minute load average is printed beside
 *    it, as other work on the machine moves the figures. A run that Lighthouse could not finish (a
 *    runtimeError such as NO_NAVSTART, a Chromium trace bug seen about once in 30 runs, or a missing
 *    metric) is not counted: it is saved as <page>-broken-<n>.json and run again, at most N extra
 *    times per page; `<page>_broken_runs` counts them.
 *
 * Ends with one JSON line {"bench":"web","figures":{…},"ratios":{…}}.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  ensureWebBuild,
  registerInvestor,
  repositoryRoot,
  startServer,
} from '../apps/web/e2e/server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const argv = process.argv.slice(3);
const runsIndex = argv.indexOf('--runs');
const RUNS = runsIndex >= 0 ? Math.max(1, Number(argv[runsIndex + 1]) || 3) : 3;
const log = (line: string) => process.stdout.write(`${line}\n`);
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface Session {
  token: string;
  account: string;
}

const ROUTES: { name: string; path: string; signedIn: boolean; ready: string }[] = [
  { name: 'login', path: '/login/login', signedIn: false, ready: 'form' },
  { name: 'register', path: '/login/register', signedIn: false, ready: 'form' },
  { name: 'home', path: '/home/index', signedIn: true, ready: '.quote-row' },
  { name: 'stock_detail', path: '/market/stockDetail', signedIn: true, ready: '.kline-chart canvas' },
  { name: 'index_detail', path: '/market/stockDetailzs', signedIn: true, ready: '.kline-chart canvas' },
  { name: 'watchlist', path: '/market/components/optionList', signedIn: true, ready: '.tab-strip' },
  { name: 'search', path: '/favorite/search', signedIn: true, ready: '.search-box' },
  { name: 'account', path: '/information/index', signedIn: true, ready: '.assets-card' },
  { name: 'fund_record', path: '/information/fundRecord', signedIn: true, ready: '.tab-strip' },
];

/** The gzipped size of every script a route loads, in KB. */
async function measureRoutes(baseUrl: string, session: Session): Promise<Record<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const sizes: Record<string, number> = {};
  try {
    for (const route of ROUTES) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const scripts = new Map<string, number>();
      page.on('response', async (response) => {
        const url = response.url();
        if (!url.startsWith(baseUrl) || !/\.m?js(\?|$)/.test(url)) return;
        try {
          scripts.set(url, gzipSync(await response.body(), { level: 9 }).length);
        } catch {
          // A response without a body (redirect) holds no script.
        }
      });
      // Storage is set on a same-origin URL that does not run the app.
      await page.goto(`${baseUrl}/manifest.webmanifest`);
      await page.evaluate(
        ({ session: current, signedIn }) => {
          localStorage.setItem('lang', 'en');
          localStorage.setItem('stockDetail', JSON.stringify({ symbol: 'RELIANCE' }));
          if (signedIn && current) {
            localStorage.setItem('token', current.token);
            localStorage.setItem('account', current.account);
          }
        },
        { session, signedIn: route.signedIn },
      );
      if (route.path === '/market/stockDetailzs') {
        await page.evaluate(() => localStorage.setItem('stockDetail', JSON.stringify({ symbol: 'NIFTY50' })));
      }
      await page.goto(`${baseUrl}/#${route.path}`, { waitUntil: 'networkidle' });
      await page.locator(route.ready).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      sizes[route.name] = round([...scripts.values()].reduce((sum, size) => sum + size, 0) / 1024, 1);
      log(
        `  ${route.name.padEnd(13)} ${String(sizes[route.name]).padStart(6)} KB gzip in ${scripts.size} scripts`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return sizes;
}

interface LighthouseFigures {
  lcpElement?: string;
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type LighthouseReport = LighthouseResult['lhr'];

interface LighthouseRun {
  figures: LighthouseFigures;
  report: LighthouseReport;
  /** Why the run cannot be counted, or null when it is complete. */
  brokenBy: string | null;
}

const lighthouseDir = path.join(repositoryRoot, 'artifacts/lighthouse');

function figuresOf(report: LighthouseReport): LighthouseFigures {
  const lcpDetails = report.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { snippet?: string } }[] }[] }
    | undefined;
  const lcpElement = lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
  const score = report.categories.performance?.score;
  return {
    lcpElement: lcpElement.slice(0, 90),
    performance: typeof score === 'number' ? Math.round(score * 100) : Number.NaN,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    fcpMs: report.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

/** Why a report cannot be counted (Lighthouse's runtime error, or a metric it could not compute). */
function brokenBy(report: LighthouseReport, figures: LighthouseFigures): string | null {
  if (report.runtimeError) return `${report.runtimeError.code}: ${report.runtimeError.message}`;
  const missing = (['performance', 'lcpMs', 'fcpMs', 'tbtMs'] as const).filter(
    (metric) => !Number.isFinite(figures[metric]),
  );
  return missing.length > 0 ? `no ${missing.join(', ')}` : null;
}

async function runLighthouse(url: string, session: Session | null): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  let connection: Awaited<ReturnType<typeof chromium.connectOverCDP>> | null = null;
  try {
    // The session goes into the fresh profile first, on a page that does not run the app (so its
    // scripts stay out of the cache and no service worker registers); Lighthouse then keeps storage.
    const origin = new URL(url).origin;
    connection = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const browser = connection;
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context');
    const page = await context.newPage();
    await page.goto(`${origin}/manifest.webmanifest`);
    await page.evaluate((current) => {
      localStorage.clear();
      localStorage.setItem('lang', 'en');
      if (current) {
        localStorage.setItem('token', current.token);
        localStorage.setItem('account', current.account);
      }
    }, session);
    await page.close();
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const figures = figuresOf(result.lhr);
    return { figures, report: result.lhr, brokenBy: brokenBy(result.lhr, figures) };
  } finally {
    await connection?.close().catch(() => undefined);
    chrome.kill();
  }
}

interface LighthouseMedians extends LighthouseFigures {
  brokenRuns: number;
}

const describeRun = (figures: LighthouseFigures) =>
  `performance ${figures.performance}, LCP ${round(figures.lcpMs, 0)} ms, FCP ${round(figures.fcpMs, 0)} ms, TBT ${round(figures.tbtMs, 0)} ms; LCP element ${figures.lcpElement}`;

/**
 * The medians of RUNS complete Lighthouse runs. A broken run is saved, reported and replaced by
 * another, at most RUNS times, so a flaky trace neither drags a median down nor loops for ever.
 */
async function medianLighthouse(
  name: string,
  url: string,
  session: Session | null,
): Promise<LighthouseMedians> {
  await mkdir(lighthouseDir, { recursive: true });
  const complete: LighthouseFigures[] = [];
  let brokenRuns = 0;
  for (let attempt = 1; complete.length < RUNS && brokenRuns < RUNS; attempt += 1) {
    const load = loadavg()[0] ?? Number.NaN;
    const run = await runLighthouse(url, session);
    const label = `  ${name} run ${attempt} (load ${load.toFixed(2)})`;
    if (run.brokenBy) {
      brokenRuns += 1;
      const file = path.join(lighthouseDir, `${name}-broken-${attempt}.json`);
      await writeFile(file, JSON.stringify(run.report));
      log(`${label}: BROKEN Lighthouse run, not counted (${run.brokenBy}); saved ${file}`);
      continue;
    }
    await writeFile(
      path.join(lighthouseDir, `${name}-${complete.length + 1}.json`),
      JSON.stringify(run.report),
    );
    log(`${label}: ${describeRun(run.figures)}`);
    complete.push(run.figures);
  }
  if (complete.length < RUNS) log(`  ${name}: only ${complete.length} complete runs of ${RUNS}`);
  return {
    performance: median(complete.map((run) => run.performance)),
    lcpMs: median(complete.map((run) => run.lcpMs)),
    fcpMs: median(complete.map((run) => run.fcpMs)),
    tbtMs: median(complete.map((run) => run.tbtMs)),
    brokenRuns,
  };
}

log('web bench: building apps/web');
await ensureWebBuild({ force: !argv.includes('--no-build') });
const blankPage = path.join(repositoryRoot, 'apps/web/dist/bench-blank.html');
await writeFile(
  blankPage,
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Blank</title></head><body><p>Blank page</p></body></html>\n',
);
log('starting the server (fresh PGlite; the first start makes the simulated history)');
const server = await startServer();
try {
  const session: Session = await registerInvestor(server.baseUrl, {
    phone: `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    password: 'Bench2026x',
  });

  log('JavaScript per route (gzip level 9, everything the route loads):');
  const sizes = await measureRoutes(server.baseUrl, session);

  log(`Lighthouse, mobile preset, median of ${RUNS}:`);
  const blank = await medianLighthouse('blank', `${server.baseUrl}/bench-blank.html`, null);
  const login = await medianLighthouse('login', `${server.baseUrl}/#/login/login`, null);
  const home = await medianLighthouse('home', `${server.baseUrl}/#/home/index`, session);

  const check = (label: string, ok: boolean) => log(`${label}: ${ok ? 'met' : 'NOT MET'}`);
  check(`login JS ${sizes.login} KB (target at most 200)`, (sizes.login ?? Infinity) <= 200);
  check(
    `stock detail JS ${sizes.stock_detail} KB (target at most 300)`,
    (sizes.stock_detail ?? Infinity) <= 300,
  );
  check(`login performance ${login.performance} (target at least 90)`, login.performance >= 90);
  check(`home performance ${home.performance} (target at least 90)`, home.performance >= 90);
  check(`login LCP ${round(login.lcpMs, 0)} ms (target at most 2000)`, login.lcpMs <= 2000);
  check(`home LCP ${round(home.lcpMs, 0)} ms (target at most 2000)`, home.lcpMs <= 2000);

  const figures: Record<string, number> = {};
  for (const [name, size] of Object.entries(sizes)) figures[`${name}_js_gzip_kb`] = size;
  for (const [name, result] of Object.entries({ blank, login, home })) {
    figures[`${name}_performance`] = result.performance;
    figures[`${name}_lcp_ms`] = round(result.lcpMs, 0);
    figures[`${name}_fcp_ms`] = round(result.fcpMs, 0);
    figures[`${name}_tbt_ms`] = round(result.tbtMs, 0);
    figures[`${name}_broken_runs`] = result.brokenRuns;
  }
  figures.lighthouse_runs = RUNS;
  const ratios = {
    login_lcp_over_blank: round(login.lcpMs / blank.lcpMs, 2),
    home_lcp_over_blank: round(home.lcpMs / blank.lcpMs, 2),
    login_performance_over_blank: round(login.performance / blank.performance, 2),
    home_performance_over_blank: round(home.performance / blank.performance, 2),
    login_js_over_budget: round((sizes.login ?? 0) / 200, 2),
    stock_detail_js_over_budget: round((sizes.stock_detail ?? 0) / 300, 2),
  };
  log(JSON.stringify({ bench: 'web', figures, ratios }));
} finally {
  await server.stop();
  await rm(blankPage, { force: true });
}
