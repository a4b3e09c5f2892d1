/**
 * Screenshots of the daily reports page (docs/adr/0033) at 1440x900, against the real server on a
 * throwaway data folder whose clock is moved by apps/web/e2e/shift-clock.mjs:
 *   - Wednesday 2026-11-25 11:00 IST: the demo investor buys 10 RELIANCE and sells 5 of them;
 *   - the server is started again on the same data at 15:45 IST, after the close: the engine's job
 *     makes Wednesday's report; the admin opens the page, opens the day, and makes Friday's missed
 *     report with a reason.
 * Screenshots go to artifacts/console/reports-*.png. Not part of the Vitest run.
 *
 *   npm run build -w apps/console && node apps/console/e2e/reports-shots.mjs
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { chromium } from 'playwright-core';
import { apiCaller, CHROMIUM, DEMO_INVESTOR, openWhenPriced } from '../../web/e2e/journey-kit.mjs';
import { CHROMIUM_ARGS, repositoryRoot, startServer } from '../../web/e2e/server.mjs';

const screenshotDir = path.join(repositoryRoot, 'artifacts/console');
const preload = new URL('../../web/e2e/shift-clock.mjs', import.meta.url).pathname;
const dataDir = await mkdtemp(path.join(tmpdir(), 'nivesh-reports-shots-'));
const ist = (day, hours, minutes) => Date.UTC(2026, 10, day, hours - 5, minutes - 30);

/** Starts the server with its clock at `atMs`; answers it with the offset of its clock from ours. */
async function serverAt(atMs) {
  const offsetMs = atMs - Date.now();
  const server = await startServer(
    { NODE_OPTIONS: `--import ${preload}`, NIVESH_SHOT_AT_MS: String(atMs), NIVESH_DEMO_SESSION: '0' },
    { dataDir },
  );
  return { ...server, offsetMs };
}

let secret;
async function signInAdmin(call, offsetMs) {
  const totp = () =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
      timestamp: Date.now() + offsetMs,
    });
  const first = await call('console', 'staff/login', {
    username: 'admin',
    password: 'Admin@2026!',
    ...(secret ? { totpCode: totp() } : {}),
  });
  if (first.kind === 'session') return { 'x-staff-token': first.session.token };
  secret = first.secret;
  const enrolled = await call('console', 'staff/enrollTotp', {
    enrollmentToken: first.enrollmentToken,
    totpCode: totp(),
  });
  return { 'x-staff-token': enrolled.token };
}

let server;
let browser;
try {
  await mkdir(screenshotDir, { recursive: true });
  server = await serverAt(ist(25, 11, 0));
  let call = apiCaller(server.baseUrl);
  await signInAdmin(call, server.offsetMs);
  const login = await call('vue', 'user/login', {
    account: DEMO_INVESTOR.phone,
    password: DEMO_INVESTOR.password,
  });
  const investor = { token: login.token, account: DEMO_INVESTOR.phone };
  const bought = await openWhenPriced(
    call,
    { symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 10, leverage: 1 },
    investor,
  );
  await call('vue', 'trade/close', { id: bought.id, quantity: 5 }, investor).catch(() =>
    call('vue', 'trade/close', { id: bought.id }, investor),
  );
  await server.stop();

  server = await serverAt(ist(25, 15, 45));
  call = apiCaller(server.baseUrl);
  const headers = await signInAdmin(call, server.offsetMs);
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const { items } = await call('console', 'dailyReports/list', {}, headers);
    if (items.some((item) => item.tradeDate === '2026-11-25')) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    (token) => sessionStorage.setItem('staffToken', token),
    headers['x-staff-token'],
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.baseUrl}/console/#/reports`);
  await page.getByText('2026-11-25').first().waitFor();
  await page.screenshot({ path: path.join(screenshotDir, 'reports-1-list.png') });
  await page.locator('.ant-table-row-expand-icon').first().click();
  await page.getByText('Charges collected').waitFor();
  await page.screenshot({ path: path.join(screenshotDir, 'reports-2-day.png'), fullPage: true });

  await page.getByLabel('Trading day (IST)').click();
  await page.getByLabel('Trading day (IST)').fill('2026-11-20');
  await page.keyboard.press('Enter');
  await page.getByLabel('Reason').fill('the server was not running at Friday’s close');
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByText('Make the report of 2026-11-20?').waitFor();
  await page.screenshot({ path: path.join(screenshotDir, 'reports-3-confirm.png') });
  await page.getByRole('button', { name: 'Make the report' }).click();
  await page.getByText('The report of 2026-11-20 is made and kept').waitFor();
  await page.screenshot({ path: path.join(screenshotDir, 'reports-4-made.png'), fullPage: true });

  // The dashboard's alerts: the report's day is closed, so the feed is not stale; a queue may be.
  await page.goto(`${server.baseUrl}/console/#/`);
  await page.getByText('Alerts', { exact: true }).waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(screenshotDir, 'reports-5-dashboard-alerts.png') });

  // The holiday list import: a malformed file, then NSE's list of 2027 previewed and confirmed.
  await page.goto(`${server.baseUrl}/console/#/calendar`);
  await page.getByText('Import a year’s holiday list').waitFor();
  const list = (dayOfHoli) =>
    Buffer.from(
      [
        'Sr. No,Date,Day,Description',
        '1,26-Jan-2027,Tuesday,Republic Day',
        '2,06-Mar-2027,Saturday,Mahashivratri',
        `3,22-Mar-2027,${dayOfHoli},Holi`,
        '4,08-Nov-2027,Monday,"Diwali Balipratipada"',
        '5,25-Dec-2027,Saturday,Christmas',
      ].join('\n'),
    );
  await page
    .getByLabel('Holiday list file')
    .setInputFiles({ name: 'nse-holidays-2027.csv', mimeType: 'text/csv', buffer: list('Tuesday') });
  await page.getByText('Line 4 of the holiday list').waitFor();
  await page.screenshot({
    path: path.join(screenshotDir, 'reports-6-holidays-malformed.png'),
    fullPage: true,
  });
  await page
    .getByLabel('Holiday list file')
    .setInputFiles({ name: 'nse-holidays-2027.csv', mimeType: 'text/csv', buffer: list('Monday') });
  await page.getByText('will be added').first().waitFor();
  await page.getByLabel('Reason').last().fill('NSE circular on the holidays of 2027');
  await page.getByRole('button', { name: /Review 3 new holidays/ }).click();
  await page.getByText(/Add 3 holidays of 2027/).waitFor();
  await page.screenshot({ path: path.join(screenshotDir, 'reports-7-holidays-confirm.png'), fullPage: true });
  await page.getByRole('button', { name: 'Add to the calendar' }).click();
  await page.getByText('Added 3 holidays of 2027').waitFor();
  await page.screenshot({ path: path.join(screenshotDir, 'reports-8-holidays-added.png'), fullPage: true });

  // Bank codes and exchange rates (with their spreads) on the parameters page.
  await page.goto(`${server.baseUrl}/console/#/parameters`);
  await page.getByRole('tab', { name: 'Bank codes' }).click();
  await page.getByRole('textbox', { name: /Bank code/ }).fill('NIVX');
  await page.getByRole('textbox', { name: /^\* Bank :?$/ }).fill('Nivesh Small Finance Bank');
  await page.getByLabel('Reason').fill('RBI licence of a new small finance bank');
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Save the bank codes' }).click();
  await page.getByText('Accept NIVX (Nivesh Small Finance Bank): saved').waitFor();
  await page.screenshot({ path: path.join(screenshotDir, 'reports-9-bank-codes.png'), fullPage: true });
  await page.getByRole('tab', { name: 'Exchange rates' }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: path.join(screenshotDir, 'reports-10-exchange-rates.png') });
  console.log('reports shots taken in artifacts/console');
} catch (error) {
  console.error('reports shots FAILED:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
