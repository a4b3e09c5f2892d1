// Screenshots of every investor route (read from the route table) at 390 x 844 in English, Hindi
// and Chinese, signed in as the demo investor, against a started server; for a person to look at.
// Not a test: nothing is asserted beyond each screen loading, and it is in no test list.
//
//   SHOTS_URL=http://127.0.0.1:4600 node apps/web/e2e/screenshots.mjs
//
// Writes /tmp/nivesh-shots/<lang>/<route>.png (route slashes become dashes: home-index.png). Options:
//   SHOTS_OUT      the folder (default /tmp/nivesh-shots)
//   SHOTS_LANGS    languages (default en,hi,zh)
//   SHOTS_ONLY     route names or paths to keep, comma separated (e.g. market-stockDetail)
//   SHOTS_VIEWPORT width x height (default 390x844; 844x390 is a phone on its side)
//   SHOTS_SYMBOL   the stock the detail screens show (default RELIANCE), SHOTS_INDEX the index (NIFTY50)
//   SHOTS_CLICK    the accessible name of a button to press before the picture
//   SHOTS_TAP      a CSS selector of an element to tap before the picture (the first one)
//   SHOTS_ACCOUNT, SHOTS_PASSWORD  sign in as another investor (default the demo investor)
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiCaller, CHROMIUM, DEMO_INVESTOR, skipWithoutChromium } from './journey-kit.mjs';
import { CHROMIUM_ARGS, repositoryRoot } from './server.mjs';

skipWithoutChromium('screenshots');
const { chromium } = await import('playwright-core');

const base = process.env.SHOTS_URL ?? 'http://127.0.0.1:4600';
const out = process.env.SHOTS_OUT ?? '/tmp/nivesh-shots';
const languages = (process.env.SHOTS_LANGS ?? 'en,hi,zh').split(',');
const [width, height] = (process.env.SHOTS_VIEWPORT ?? '390x844').split('x').map(Number);
const only = process.env.SHOTS_ONLY ? new Set(process.env.SHOTS_ONLY.split(',')) : null;

/** Routes with a query besides the table's (SHOTS_EXTRA="name=/path?query,…"). */
const extraRoutes = (process.env.SHOTS_EXTRA ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => {
    const [name, route] = pair.split('=');
    return { name, route };
  });

/** The signed-in routes of the route table, in its order; the sign-in screens are left out. */
function investorRoutes() {
  const table = readFileSync(path.join(repositoryRoot, 'apps/web/src/router/screen-routes.ts'), 'utf8');
  // Each route is written `screen('/path', …)` in the table.
  const paths = [...table.matchAll(/\bscreen\('([^']+)'/g)].map((match) => match[1]);
  return paths
    .filter((route) => !route.startsWith('/login/') && !route.includes(':') && route !== '*')
    .map((route) => ({ route, name: route.replace(/^\//, '').replaceAll('/', '-') }))
    .concat(extraRoutes)
    .filter(({ route, name }) => !only || only.has(name) || only.has(route));
}

const routes = investorRoutes();
const session = await apiCaller(base)('vue', 'user/login', {
  account: process.env.SHOTS_ACCOUNT ?? DEMO_INVESTOR.phone,
  password: process.env.SHOTS_PASSWORD ?? DEMO_INVESTOR.password,
});
const selectedStock = JSON.stringify({ symbol: process.env.SHOTS_SYMBOL ?? 'RELIANCE' });
const selectedIndex = JSON.stringify({ symbol: process.env.SHOTS_INDEX ?? 'NIFTY50' });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  for (const language of languages) {
    const folder = path.join(out, language);
    mkdirSync(folder, { recursive: true });
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([lang, token, account]) => {
        localStorage.setItem('lang', lang);
        localStorage.setItem('token', token);
        localStorage.setItem('account', account);
      },
      [language, session.token, session.account],
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${language}: page error: ${error.message}`));
    for (const { route, name } of routes) {
      // The detail screens read their instrument from local storage (the spec's hand-over).
      await page.goto(`${base}/#/home/index`);
      await page.evaluate(
        ([stock]) => localStorage.setItem('stockDetail', stock),
        [route === '/market/stockDetailzs' ? selectedIndex : selectedStock],
      );
      await page.goto(`${base}/#${route}`);
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForFunction(() => !document.querySelector('.boot-shell'), null, { timeout: 60_000 });
      await page.waitForTimeout(2_000);
      if (process.env.SHOTS_CLICK) {
        const button = page.getByRole('button', { name: process.env.SHOTS_CLICK, exact: true }).first();
        if (await button.count()) {
          await button.click();
          await page.waitForTimeout(1_000);
        }
      }
      if (process.env.SHOTS_TAP) {
        const target = page.locator(`${process.env.SHOTS_TAP}:visible`).first();
        if (await target.count()) {
          await target.click();
          await page.waitForTimeout(1_000);
        }
      }
      const file = path.join(folder, `${name}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
