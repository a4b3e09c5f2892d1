// Screenshots of every investor screen at 390 x 844 in English, Hindi and Chinese, for a person to look
// at: every route of the route table (signed in as the demo investor), the detail screens that need an
// id (reached by tapping the first row of their list, as an investor would), the sheets and dialogs
// that matter (the order ticket and its confirmation, the watchlist's quick actions, a position's
// close dialog, the logout confirmation), and the signed-out screens (login, register, the login's
// two-factor step). Not a test and in no test list; next to each picture it writes what a reader
// should check first (report.json, and a summary on stdout): English words on a Hindi or Chinese
// screen, raw catalogue keys, "NaN" / "Invalid Date" / "undefined", numbers of five or more digits
// without Indian grouping or with Western grouping, and text running past the screen's right edge.
//
//   node apps/web/e2e/screenshots.mjs                    (its own server; JOURNEY_NO_BUILD=1 reuses dist)
//   SHOTS_URL=http://127.0.0.1:4600 node apps/web/e2e/screenshots.mjs   (a started server, e.g. npm start)
//
// Without SHOTS_URL it starts the server on a fresh PGlite (the demo seed), and the demo investor
// first buys RELIANCE and INFY, leaves a TCS limit order open, sets a GTT and a price alert, so the
// positions, orders and their detail screens have something in them (SHOTS_SETUP=0 skips that; with
// SHOTS_URL it is done when SHOTS_SETUP=1).
//
// Writes /tmp/nivesh-shots/<lang>/<name>.png (route slashes become dashes: home-index.png; a screen
// taller than the viewport gets a second picture, <name>~end.png, scrolled to its end). Options:
//   SHOTS_OUT      the folder (default /tmp/nivesh-shots)
//   SHOTS_LANGS    languages (default en,hi,zh)
//   SHOTS_ONLY     route names or paths to keep, comma separated (e.g. market-stockDetail)
//   SHOTS_VIEWPORT width x height (default 390x844; 844x390 is a phone on its side)
//   SHOTS_SYMBOL   the stock the detail screens show (default RELIANCE), SHOTS_INDEX the index (NIFTY50)
//   SHOTS_CLICK    the accessible name of a button to press before the picture
//   SHOTS_TAP      a CSS selector of an element to tap before the picture (the first one)
//   SHOTS_ACCOUNT, SHOTS_PASSWORD  sign in as another investor (default the demo investor)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { apiCaller, CHROMIUM, DEMO_INVESTOR, openWhenPriced, skipWithoutChromium } from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, registerInvestor, repositoryRoot, startServer } from './server.mjs';

skipWithoutChromium('screenshots');
const { chromium } = await import('playwright-core');

const out = process.env.SHOTS_OUT ?? '/tmp/nivesh-shots';
const languages = (process.env.SHOTS_LANGS ?? 'en,hi,zh').split(',');
const [width, height] = (process.env.SHOTS_VIEWPORT ?? '390x844').split('x').map(Number);
const only = process.env.SHOTS_ONLY ? new Set(process.env.SHOTS_ONLY.split(',')) : null;
const symbol = process.env.SHOTS_SYMBOL ?? 'RELIANCE';

let server = null;
if (!process.env.SHOTS_URL) {
  await ensureWebBuild({ force: false });
  server = await startServer({ NIVESH_SIM_TICK_MS: '1000' });
  console.log(`server on ${server.baseUrl}`);
}
const base = process.env.SHOTS_URL ?? server.baseUrl;
const call = apiCaller(base);

/** Routes with a query besides the table's (SHOTS_EXTRA="name=/path?query,…"). */
const extraRoutes = (process.env.SHOTS_EXTRA ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => {
    const [name, route] = pair.split('=');
    return { name, route };
  });

const nameOf = (route) => route.replace(/^\//, '').replaceAll('/', '-');
const table = readFileSync(path.join(repositoryRoot, 'apps/web/src/router/screen-routes.ts'), 'utf8');
// Each route is written `screen('/path', …)` in the table.
const tablePaths = [...table.matchAll(/\bscreen\('([^']+)'/g)].map((match) => match[1]);
const isPublicPath = (route) =>
  route.startsWith('/login/') ||
  ['/information/changeLang', '/information/aboutUs', '/information/userPri'].includes(route);

/** A tap on the first element matching `selector`, waiting for it first. */
const tapFirst = (selector) => async (page) => {
  const target = page.locator(selector).first();
  await target.waitFor({ timeout: 10_000 });
  await target.click();
};
/** Opens `from`, then taps the first link whose href contains `href` (a detail screen's id comes from its list). */
const throughList = (from, href) => ({ from, act: tapFirst(`a[href*="${href}"]`) });

/**
 * The screens the route table alone cannot reach: detail screens with an id, query variants, sheets
 * and dialogs. `from` is opened first (default `route`), then `act` taps its way to the picture.
 */
const scenes = [
  { name: 'home-newsDetail~first', ...throughList('/home/newsList', 'newsDetail?id=') },
  { name: 'home-newStockBuy~first', ...throughList('/home/newStock', 'newStockBuy?id=') },
  { name: 'home-qcList~product', ...throughList('/home/fllow', 'qcList?id=') },
  {
    name: 'information-rechargeChannel~first',
    ...throughList('/information/recharge', 'rechargeChannel?id='),
  },
  { name: 'trade-positionDetail~first', ...throughList('/trade/index', 'positionDetail?id=') },
  {
    name: 'trade-positionDetail~close-dialog',
    ...throughList('/trade/index', 'positionDetail?id='),
    after: tapFirst('.trade-detail .button--primary'),
  },
  { name: 'home-blockTrade1~first', from: '/home/blockTrade', act: tapFirst('.block-list__item') },
  {
    name: 'home-blockTrade2~first',
    from: '/home/blockTrade',
    act: tapFirst('.block-list__item'),
    // The detail's order button is off while the window is closed; the order screen still opens.
    after: (page) =>
      page.evaluate(() => {
        location.hash = '#/home/blockTrade2';
      }),
  },
  { name: 'trade-index~ticket-long', from: `/trade/index?symbol=${symbol}&side=long` },
  { name: 'trade-index~ticket-short', from: `/trade/index?symbol=${symbol}&side=short` },
  {
    name: 'trade-index~ticket-confirm',
    from: `/trade/index?symbol=${symbol}&side=long`,
    act: tapFirst('form button[type="submit"]'),
  },
  {
    name: 'trade-index~ticket-refusal',
    from: `/trade/index?symbol=${symbol}&side=long`,
    act: async (page) => {
      const lots = page.locator('input[inputmode="numeric"], input[inputmode="decimal"]').last();
      await lots.fill('2.5');
      await page.locator('form button[type="submit"]').first().click();
    },
  },
  { name: 'trade-gttNew~symbol', from: `/trade/gttNew?symbol=${symbol}` },
  { name: 'information-alerts~symbol', from: `/information/alerts?symbol=${symbol}` },
  {
    name: 'market-components-optionList~quick-actions',
    from: '/market/components/optionList',
    act: tapFirst('.quote-row__main'),
  },
  {
    name: 'information-index~logout-confirm',
    from: '/information/index',
    act: async (page) => {
      const logout = page.locator('.menu-list__item').last();
      await logout.scrollIntoViewIfNeeded();
      await logout.click();
    },
  },
  {
    name: 'home-market~tab2',
    from: '/home/market',
    act: tapFirst('[role="tab"]:nth-child(2), .adm-tabs-tab:nth-child(2)'),
  },
];

function signedInShots() {
  return tablePaths
    .filter((route) => !isPublicPath(route) && !route.includes(':') && route !== '*')
    .map((route) => ({ name: nameOf(route), from: route }))
    .concat(extraRoutes.map(({ name, route }) => ({ name, from: route })))
    .concat(scenes)
    .filter(({ name, from }) => !only || only.has(name) || only.has(from));
}
function signedOutShots() {
  return tablePaths
    .filter(isPublicPath)
    .map((route) => ({ name: `out-${nameOf(route)}`, from: route }))
    .concat([
      {
        name: 'out-login-login~empty-submit',
        from: '/login/login',
        act: tapFirst('form .button--primary'),
      },
      {
        name: 'out-login-register~empty-submit',
        from: '/login/register',
        act: tapFirst('form .button--primary'),
      },
      { name: 'out-not-found', from: '/no/such/screen' },
    ])
    .filter(({ name, from }) => !only || only.has(name) || only.has(from));
}

// What a picture should be checked for first, read from the page's text (not a verdict: brand names,
// symbols and the investor's own input are English in every language).
function auditPage() {
  const findings = [];
  const viewportWidth = window.innerWidth;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!text || !element || element.closest('script, style, .visually-hidden, [aria-hidden="true"]'))
      continue;
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
    texts.push(text);
    // Past the right edge and not in a strip that scrolls sideways (tabs, chart periods): out of reach.
    const inScrollingStrip = (() => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    })();
    if (
      box.right > viewportWidth + 1 &&
      style.overflow !== 'hidden' &&
      box.left < viewportWidth &&
      !inScrollingStrip
    )
      findings.push({ kind: 'overflow-right', text, right: Math.round(box.right) });
  }
  for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]'))
    texts.push(input.getAttribute('placeholder'));
  for (const button of document.querySelectorAll('[aria-label]'))
    texts.push(button.getAttribute('aria-label'));
  if (document.documentElement.scrollWidth > viewportWidth + 1)
    findings.push({ kind: 'page-wider-than-screen', width: document.documentElement.scrollWidth });
  return { texts, findings };
}

const LATIN_WORD = /[A-Za-z]*[a-z]{2,}[A-Za-z]*/g;
function classify(language, texts) {
  const findings = [];
  for (const text of new Set(texts)) {
    if (/^[a-z][a-zA-Z]+(\.[a-zA-Z0-9_-]+)+$/.test(text)) findings.push({ kind: 'raw-key', text });
    if (/\b(NaN|undefined|null|Invalid Date|\[object Object\])\b/.test(text))
      findings.push({ kind: 'broken-value', text });
    if (/\d{1,3},\d{3},\d{3}/.test(text)) findings.push({ kind: 'western-grouping', text });
    if (/(^|[^\w.,:/+-])\d{5,}(\.\d+)?(?![\d/])/.test(text) && !/\d{10}/.test(text))
      findings.push({ kind: 'ungrouped-number', text });
    if (language !== 'en') {
      const words = text.match(LATIN_WORD) ?? [];
      if (words.length > 0) findings.push({ kind: 'latin-text', text });
    }
  }
  return findings;
}

const report = [];
async function waitForScreen(page) {
  await page.waitForFunction(() => !document.querySelector('.boot-shell'), null, { timeout: 60_000 });
  // Until the screen's data has come (no spinner left), at most 8 s: a stream never goes idle.
  await page
    .waitForFunction(() => !document.querySelector('.inline-loading, .loading-overlay'), null, {
      timeout: 8_000,
    })
    .catch(() => {});
  await page.waitForTimeout(600);
}
async function shoot(page, language, folder, { name, from, act, after }) {
  try {
    // Each picture starts from a fresh load: no dialog, sheet or scroll of the screen before.
    await page.goto('about:blank');
    await page.goto(`${base}/#${from}`);
    await waitForScreen(page);
    if (act) {
      await act(page);
      await page.waitForTimeout(800);
    }
    if (after) {
      await after(page);
      await page.waitForTimeout(800);
    }
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
    const { texts, findings } = await page.evaluate(auditPage);
    const entry = {
      language,
      name,
      route: page.url().replace(/^.*#/, ''),
      findings: [...findings, ...classify(language, texts)],
    };
    // A screen taller than the viewport: scroll every scrolling box to its end for a second picture.
    const scrolled = await page.evaluate(() => {
      let moved = false;
      for (const element of [document.scrollingElement, ...document.querySelectorAll('*')]) {
        if (!element || element.scrollHeight <= element.clientHeight + 4) continue;
        const overflow = getComputedStyle(element).overflowY;
        if (element !== document.scrollingElement && overflow !== 'auto' && overflow !== 'scroll') continue;
        element.scrollTop = element.scrollHeight;
        moved = true;
      }
      return moved;
    });
    if (scrolled) {
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(folder, `${name}~end.png`) });
      entry.end = true;
    }
    report.push(entry);
    console.log(`${file}${entry.findings.length ? `  (${entry.findings.length} to check)` : ''}`);
  } catch (error) {
    report.push({ language, name, route: from, error: String(error.message).split('\n')[0] });
    console.error(`${language} ${name}: FAILED ${String(error.message).split('\n')[0]}`);
  }
}

/** Data for the positions, orders and their detail screens (a fresh demo investor has none). */
async function setUp(headers) {
  const steps = [
    () => call('vue', 'favorite/add', { symbol }, headers),
    () => call('vue', 'favorite/add', { symbol: 'INFY' }, headers),
    () =>
      openWhenPriced(
        call,
        { symbol, side: 'long', orderType: 'market', quantity: 10, product: 'CNC' },
        headers,
      ),
    () =>
      openWhenPriced(
        call,
        { symbol: 'INFY', side: 'long', orderType: 'market', quantity: 20, product: 'CNC' },
        headers,
      ),
    async () => {
      const quote = await call('vue', 'market/quote', { symbol: 'TCS' }, headers);
      const price = (Math.round(Number(quote.price) * 0.9 * 20) / 20).toFixed(2);
      return openWhenPriced(
        call,
        { symbol: 'TCS', side: 'long', orderType: 'limit', price, quantity: 5, product: 'CNC' },
        headers,
      );
    },
    async () => {
      const quote = await call('vue', 'market/quote', { symbol }, headers);
      const price = (Math.round(Number(quote.price) * 1.05 * 20) / 20).toFixed(2);
      return call('vue', 'alert/create', { symbol, direction: 'above', price }, headers);
    },
  ];
  for (const step of steps) await step().catch((error) => console.error(`set-up: ${error.message}`));
}

/** A fresh investor with TOTP on (enrolled in the security centre), for the login's second step. */
async function twoFactorInvestor(browser) {
  const { TOTP, Secret } = await import('otpauth');
  const phone = `98${String(Date.now()).slice(-8)}`;
  const password = 'Secure@2026';
  const session = await registerInvestor(base, { phone, password });
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript(
    ([token, account]) => {
      localStorage.setItem('lang', 'en');
      localStorage.setItem('token', token);
      localStorage.setItem('account', account);
    },
    [session.token, session.account],
  );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${base}/#/information/aboutInfo`);
  const card = '[aria-labelledby="two-factor-title"]';
  await page.locator(`${card} .button--primary`).click();
  await page.locator('.two-factor__qr').waitFor();
  const secret = ((await page.locator('.two-factor__secret').first().textContent()) ?? '').replace(/\s/g, '');
  await page.locator(`${card} input`).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await page.locator(`${card} form .button--primary`).click();
  await page.locator('.two-factor__codes').waitFor();
  await context.close();
  return { phone, password };
}

const session = await call('vue', 'user/login', {
  account: process.env.SHOTS_ACCOUNT ?? DEMO_INVESTOR.phone,
  password: process.env.SHOTS_PASSWORD ?? DEMO_INVESTOR.password,
});
if (process.env.SHOTS_SETUP === '1' || (!process.env.SHOTS_URL && process.env.SHOTS_SETUP !== '0'))
  await setUp({ token: session.token, account: session.account });
const selectedStock = JSON.stringify({ symbol });
const selectedIndex = JSON.stringify({ symbol: process.env.SHOTS_INDEX ?? 'NIFTY50' });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const secondFactor = only
    ? null
    : await twoFactorInvestor(browser).catch((error) => {
        console.error(`two-factor investor: ${error.message}`);
        return null;
      });
  for (const language of languages) {
    const folder = path.join(out, language);
    mkdirSync(folder, { recursive: true });
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([lang, token, account, stock, index]) => {
        if (!location.protocol.startsWith('http')) return;
        localStorage.setItem('lang', lang);
        localStorage.setItem('token', token);
        localStorage.setItem('account', account);
        // The detail screens read their instrument from local storage (the spec's hand-over).
        if (location.hash.startsWith('#/market/stockDetailzs')) localStorage.setItem('stockDetail', index);
        else if (location.hash.startsWith('#/market/stockDetail')) localStorage.setItem('stockDetail', stock);
      },
      [language, session.token, session.account, selectedStock, selectedIndex],
    );
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => console.error(`${language}: page error: ${error.message}`));
    for (const shot of signedInShots()) await shoot(page, language, folder, shot);
    await context.close();

    const signedOut = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    await signedOut.addInitScript((lang) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('lang', lang);
    }, language);
    const outPage = await signedOut.newPage();
    outPage.setDefaultTimeout(30_000);
    for (const shot of signedOutShots()) await shoot(outPage, language, folder, shot);
    if (secondFactor) {
      await shoot(outPage, language, folder, {
        name: 'out-login-login~two-factor',
        from: '/login/login',
        act: async (page) => {
          await page.locator('input[type="tel"]').fill(secondFactor.phone);
          await page.locator('input[type="password"]').fill(secondFactor.password);
          await page.locator('form .button--primary').click();
          await page.locator('input[autocomplete="one-time-code"]').waitFor();
        },
      });
    }
    await signedOut.close();
  }
} finally {
  await browser.close();
  await server?.stop();
}

writeFileSync(path.join(out, 'report.json'), `${JSON.stringify(report, null, 1)}\n`);
const counts = Object.fromEntries(
  languages.map((language) => [
    language,
    report.filter((entry) => entry.language === language && !entry.error).length,
  ]),
);
console.log(
  `\npictures (screens) per language: ${JSON.stringify(counts)}; failed: ${report.filter((entry) => entry.error).length}`,
);
for (const entry of report) {
  if (entry.error) console.log(`${entry.language} ${entry.name}: FAILED ${entry.error}`);
  for (const finding of entry.findings ?? [])
    console.log(
      `${entry.language} ${entry.name}: ${finding.kind} ${JSON.stringify(finding.text ?? finding.width ?? '')}`,
    );
}
console.log(`report: ${path.join(out, 'report.json')}`);
