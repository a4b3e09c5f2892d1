// GTT screens (docs/adr/0031) in Debian Chromium at 390 x 844, in English, Hindi and Chinese,
// against the real server with a fresh PGlite database: the demo investor buys INFY (delivery) and
// sets a target and stop-loss GTT on it and a single GTT to buy RELIANCE through the API; then the
// stock detail (its Set GTT button), the new-GTT form (single and OCO, filled) and the GTT list are
// photographed to artifacts/gtt-shots/, and one GTT is deleted from the list in the browser.
//
//   node apps/web/e2e/gtt-shots.mjs        (JOURNEY_NO_BUILD=1 reuses apps/web/dist)
import path from 'node:path';
import {
  apiCaller,
  artifactsFolder,
  CHROMIUM,
  DEMO_INVESTOR,
  openWhenPriced,
  skipWithoutChromium,
  stepLog,
} from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, startServer } from './server.mjs';

skipWithoutChromium('gtt screenshots');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('gtt-shots', { fresh: true });
await ensureWebBuild({ force: process.env.JOURNEY_NO_BUILD !== '1' });
// A trading Thursday, 10:30 IST, so the simulator ticks and orders fill.
const atMs = Number(process.env.NIVESH_SHOT_AT_MS ?? Date.UTC(2026, 10, 26, 5, 0, 0));
const { baseUrl: base, stop } = await startServer({
  NIVESH_SIM_TICK_MS: '1000',
  NODE_OPTIONS: `--import ${new URL('./shift-clock.mjs', import.meta.url).pathname}`,
  NIVESH_SHOT_AT_MS: String(atMs),
});
const { step } = stepLog();
let browser;
let failed = false;
try {
  step(`server on ${base}`);
  const call = apiCaller(base);
  const session = await call('vue', 'user/login', {
    account: DEMO_INVESTOR.phone,
    password: DEMO_INVESTOR.password,
  });
  const headers = { token: session.token, account: session.account };
  const bought = await openWhenPriced(
    call,
    { symbol: 'INFY', side: 'long', orderType: 'market', quantity: 20, product: 'CNC' },
    headers,
  );
  const last = Number(bought.buyPrice);
  const onTick = (rupees) => (Math.round(rupees * 20) / 20).toFixed(2);
  await call(
    'vue',
    'gtt/create',
    {
      symbol: 'INFY',
      type: 'two-leg',
      triggers: [onTick(last * 0.9), onTick(last * 1.15)],
      orders: [
        { transactionType: 'SELL', product: 'CNC', quantity: 20, price: onTick(last * 0.895) },
        { transactionType: 'SELL', product: 'CNC', quantity: 20, price: onTick(last * 1.15) },
      ],
    },
    headers,
  );
  const relianceQuote = await call('vue', 'market/quote', { symbol: 'RELIANCE' }, headers);
  const reliance = Number(relianceQuote.price);
  await call(
    'vue',
    'gtt/create',
    {
      symbol: 'RELIANCE',
      type: 'single',
      triggers: [onTick(reliance * 0.95)],
      orders: [{ transactionType: 'BUY', product: 'CNC', quantity: 5, price: onTick(reliance * 0.951) }],
    },
    headers,
  );
  step(`INFY 20 bought at ${last}, an OCO on it and a single GTT on RELIANCE set`);

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  for (const language of ['en', 'hi', 'zh']) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([lang, token, account]) => {
        localStorage.setItem('lang', lang);
        localStorage.setItem('token', token);
        localStorage.setItem('account', account);
        localStorage.setItem(
          'stockDetail',
          JSON.stringify({ symbol: 'INFY', name: 'Infosys', exchange: 'NSE' }),
        );
      },
      [language, session.token, session.account],
    );
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => console.error('page error:', error.message));
    let shot = 0;
    const snap = async (name, fullPage = true) => {
      shot += 1;
      const file = path.join(artifacts, `${language}-${String(shot).padStart(2, '0')}-${name}.png`);
      await page.waitForTimeout(800);
      await page.screenshot({ path: file, fullPage });
      step(`screenshot ${file}`);
    };
    await page.goto(`${base}/#/market/stockDetail`);
    const setGtt = page.locator('a[href*="gttNew"]');
    await setGtt.waitFor();
    await setGtt.scrollIntoViewIfNeeded();
    await snap('stock-detail', false);
    await setGtt.click();
    await page.locator('form input').first().waitFor();
    const inputs = page.locator('form input');
    await inputs.nth(0).fill('5');
    await inputs.nth(1).fill(onTick(last * 0.97));
    await inputs.nth(2).fill(onTick(last * 0.971));
    await snap('new-single');
    await page.locator('[role="tab"]').nth(1).click();
    await snap('new-oco');
    await page.goto(`${base}/#/trade/gtt`);
    await page.locator('.gtt-row').first().waitFor();
    await snap('list');
    if (language === 'en') {
      await page.locator('.gtt-row button').first().click();
      await page.locator('[role="dialog"]').waitFor();
      await snap('delete-confirm', false);
      await page
        .locator('[role="dialog"] button.button--primary, [role="dialog"] button:last-child')
        .last()
        .click();
      await page.locator('.gtt-row__status--cancelled').first().waitFor();
      await snap('after-delete');
    }
    await context.close();
  }
  console.log(`gtt screenshots passed: ${artifacts}`);
} catch (error) {
  failed = true;
  console.error('gtt screenshots FAILED:', error);
} finally {
  await browser?.close();
  await stop();
}
process.exit(failed ? 1 : 0);
