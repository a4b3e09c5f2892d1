// Screenshots of the block trade screens in Debian Chromium at 390 x 844 against the real server
// with a fresh PGlite database. The windows are 15 minutes a day, so the server's clock is moved
// into one (NIVESH_SHOT_AT_MS, by default Wednesday 2026-11-25 08:47 IST) by shift-clock.mjs;
// BLOCK_SHOTS_PRELOAD=none keeps the real clock. BLOCK_SHOTS_LANG=hi and BLOCK_SHOTS_TAB='ब्लॉक डील'
// take them in Hindi. Screenshots go to artifacts/block-shots/.
//
//   node apps/web/e2e/block-shots.mjs
import path from 'node:path';
import { artifactsFolder, CHROMIUM, skipWithoutChromium, stepLog } from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, startServer } from './server.mjs';

skipWithoutChromium('block screenshots');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('block-shots', { fresh: process.env.BLOCK_SHOTS_KEEP !== '1' });
await ensureWebBuild({ force: process.env.JOURNEY_NO_BUILD !== '1' });
const atMs = Number(process.env.NIVESH_SHOT_AT_MS ?? Date.UTC(2026, 10, 25, 3, 17));
const preloadSetting =
  process.env.BLOCK_SHOTS_PRELOAD ?? new URL('./shift-clock.mjs', import.meta.url).pathname;
const preload = preloadSetting === 'none' ? undefined : preloadSetting;
const { baseUrl: base, stop } = await startServer({
  NIVESH_SIM_TICK_MS: '1000',
  ...(preload ? { NODE_OPTIONS: `--import ${preload}`, NIVESH_SHOT_AT_MS: String(atMs) } : {}),
});
const { step } = stepLog();
let browser;
try {
  step(`server on ${base}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const language = process.env.BLOCK_SHOTS_LANG ?? 'en';
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
  }, language);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => console.error('page error:', error.message));
  let shot = 0;
  const snap = async (name, fullPage = false) => {
    shot += 1;
    const file = path.join(artifacts, `${String(shot).padStart(2, '0')}-${language}-${name}.png`);
    await page.screenshot({ path: file, fullPage });
    step(`screenshot ${file}`);
  };
  const go = (route) => page.goto(`${base}/#${route}`);

  // Sign in as the demo investor through the API, then hand the session to the page.
  const login = await (
    await fetch(`${base}/api/vue/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: '9876543210', password: 'Demo@2026' }),
    })
  ).json();
  if (login.status !== 1) throw new Error(`login failed: ${JSON.stringify(login)}`);
  await go('/login/start');
  await page.evaluate(({ token, account }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('account', account);
  }, login.data);

  await go('/home/index');
  await page.getByRole('tab', { name: process.env.BLOCK_SHOTS_TAB ?? 'Block deal' }).click();
  await page.locator('.block-panel').waitFor();
  await page.waitForTimeout(1500);
  await snap('home-block-tab');

  await go('/home/blockTrade');
  await page.locator('.block-list__item:visible').first().waitFor();
  await page.waitForTimeout(500);
  await snap('block-list');
  await snap('block-list-full', true);

  await page.locator('.block-list__item:visible').first().click();
  await page.locator('.info-list:visible').first().waitFor();
  await page.waitForTimeout(500);
  await snap('block-detail');
  await snap('block-detail-full', true);

  const orderButton = page.locator('.button--primary.button--block:visible');
  if (await orderButton.isEnabled()) {
    await orderButton.click();
    await page.locator('form.trade-form:visible').waitFor();
    await page.waitForTimeout(500);
    await snap('block-order');
    await page.locator('form.trade-form:visible button[type=submit]').click();
    await page.getByRole('dialog').waitFor();
    await snap('block-order-confirm');
    await page.locator('.funds-dialog__actions .button--primary').click();
    await page.waitForURL(/blockTrade3/);
    await page.locator('.trade-item:visible').first().waitFor();
    await page.waitForTimeout(500);
    await snap('block-records');
  } else {
    await go('/home/blockTrade2');
    await page.locator('form.trade-form:visible').waitFor();
    await snap('block-order-closed');
    await go('/home/blockTrade3');
    await page.waitForTimeout(1500);
    await snap('block-records-empty');
  }
} finally {
  await browser?.close();
  await stop();
}
