// The account area and the trading screens a partial sell touches, in Debian Chromium at 390 x 844,
// in English, Hindi and Chinese, against the real server with a fresh PGlite database: the demo
// investor buys RELIANCE (delivery), TCS (MTF) and INFY (delivery), sells part of RELIANCE and all of
// TCS through the API, then the screens are photographed: holdings, contract notes, tax P&L, a
// position's close dialog with the lots to sell, and the buy form's product buttons with MTF chosen.
// Screenshots go to artifacts/account-shots/ for a person to look at; nothing is asserted beyond
// each screen showing up. Contract notes are issued after a session closes (ADR 0021), so the
// server's clock starts at 15:26:30 IST (shift-clock.mjs; NIVESH_SHOT_AT_MS moves it) and the notes
// are photographed once the 15:30 close has issued them.
//
//   node apps/web/e2e/account-shots.mjs        (JOURNEY_NO_BUILD=1 reuses apps/web/dist)
import { existsSync } from 'node:fs';
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
import { CHROMIUM_ARGS, ensureWebBuild, repositoryRoot, startServer } from './server.mjs';

skipWithoutChromium('account screenshots');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('account-shots', { fresh: true });
await ensureWebBuild({ force: process.env.JOURNEY_NO_BUILD !== '1' });
const atMs = Number(process.env.NIVESH_SHOT_AT_MS ?? Date.UTC(2026, 10, 26, 9, 56, 30));
// shift-clock.mjs moves the server's clock when the server starts, about now.
const clockOffsetMs = atMs - Date.now();
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
  const ids = {};
  for (const [symbol, quantity, product] of [
    ['RELIANCE', 10, 'CNC'],
    ['TCS', 5, 'MTF'],
    ['INFY', 20, 'CNC'],
  ]) {
    ids[symbol] = (
      await openWhenPriced(call, { symbol, side: 'long', orderType: 'market', quantity, product }, headers)
    ).id;
  }
  await new Promise((resolve) => setTimeout(resolve, 2500));
  await call('vue', 'trade/close', { id: ids.RELIANCE, quantity: 4 }, headers);
  await call('vue', 'trade/close', { id: ids.TCS }, headers);
  step('RELIANCE 10 (4 sold), TCS 5 MTF (sold), INFY 20 held');

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const openPage = async (language) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([lang, token, account]) => {
        localStorage.setItem('lang', lang);
        localStorage.setItem('token', token);
        localStorage.setItem('account', account);
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
    const go = (route) => page.goto(`${base}/#${route}`);
    return { context, page, snap, go };
  };
  for (const language of ['en', 'hi', 'zh']) {
    const { context, page, snap, go } = await openPage(language);
    await go('/information/holdings');
    await page.locator('.portfolio-row').first().waitFor();
    await snap('holdings');
    await go('/information/taxPnl');
    await page.locator('.portfolio-summary').first().waitFor();
    await snap('tax-pnl');

    await go(`/trade/positionDetail?id=${ids.RELIANCE}`);
    await page.locator('.trade-detail .button--primary').waitFor();
    await snap('position-remainder');
    await page.locator('.trade-detail .button--primary').click();
    await page.locator('[role="dialog"] input').fill('2');
    await snap('close-dialog-part', false);

    await go('/trade/index');
    await page.locator('.trade-picker__input').fill('TCS');
    await page.locator('.trade-picker__hit').first().click();
    await page.locator('.trade-segment--product').waitFor();
    await snap('buy-form-cnc', false);
    await page.locator('.trade-segment--product button').nth(2).click();
    await snap('buy-form-mtf', false);
    await context.close();
  }
  // The close issues the notes; without trade_charges rows (written with each executed leg) there
  // are none, and the empty screen is photographed instead.
  let hasNotes = false;
  const waitS = Number(process.env.ACCOUNT_SHOTS_NOTES_WAIT_S ?? 240);
  for (let tries = 0; tries < waitS && !hasNotes; tries += 1) {
    hasNotes = (await call('vue', 'contractNote/list', { limit: 10 }, headers)).items.length > 0;
    if (!hasNotes) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  step(hasNotes ? 'contract note issued at the close' : 'NO contract note after the close');
  for (const language of ['en', 'hi', 'zh']) {
    const { context, page, snap, go } = await openPage(language);
    await go('/information/contractNotes');
    await page.locator('.portfolio-row, .empty-state').first().waitFor();
    await snap('contract-notes');
    await context.close();
  }
  // The console's contract notes page (English only, desktop-sized), when apps/console is built.
  // The staff TOTP is checked against the server's moved clock, so the code is made at its time.
  if (existsSync(path.join(repositoryRoot, 'apps/console/dist/index.html'))) {
    const { TOTP } = await import('otpauth');
    const enrolment = await call('console', 'staff/login', { username: 'admin', password: 'Admin@2026!' });
    const session = await call('console', 'staff/enrollTotp', {
      enrollmentToken: enrolment.enrollmentToken,
      totpCode: new TOTP({ secret: enrolment.secret }).generate({ timestamp: Date.now() + clockOffsetMs }),
    });
    const staff = { headers: { 'x-staff-token': session.token } };
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
    });
    await context.addInitScript(
      (token) => sessionStorage.setItem('staffToken', token),
      staff.headers['x-staff-token'],
    );
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${base}/console/#/contract-notes`);
    await page.locator('.ant-table, .ant-empty').first().waitFor();
    await page.waitForTimeout(1500);
    const file = path.join(artifacts, 'console-contract-notes.png');
    await page.screenshot({ path: file, fullPage: true });
    step(`screenshot ${file}`);
    await context.close();
  }
  console.log('account screenshots passed');
} catch (error) {
  failed = true;
  console.error('account screenshots FAILED:', error);
} finally {
  await browser?.close();
  await stop();
}
process.exitCode = failed ? 1 : 0;
