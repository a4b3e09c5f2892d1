// The securities-lending journey in Debian Chromium against the real server with a fresh PGlite
// database: the demo investor buys two unlevered holdings (through the API), opens the lending
// screen (/home/lending) at 390 x 844, picks a holding, sees the value, rate, expected fee and term
// end, lends part of it for 14 days, sees the record in progress and the screen in Hindi; then the
// seeded admin opens the console's lending page (pool per symbol, lendings) at 1280 x 900.
//
//   node apps/web/e2e/lending-journey.mjs   (builds apps/web and apps/console first;
//                                            JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/lending-journey/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  apiCaller,
  artifactsFolder,
  CHROMIUM,
  openWhenPriced,
  signInSeededAdmin,
  skipWithoutChromium,
  stepLog,
} from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, repositoryRoot as root, startServer } from './server.mjs';

skipWithoutChromium('lending journey');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('lending-journey', { fresh: true });
if (process.env.JOURNEY_NO_BUILD !== '1') {
  await ensureWebBuild({ force: true });
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/console'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the console build failed');
}
const { baseUrl: base, stop } = await startServer({ NIVESH_SIM_TICK_MS: '1000' });
const { steps, step } = stepLog();
const call = apiCaller(base);
let browser;

try {
  step(`server on ${base}`);
  const session = await call('vue', 'user/login', { account: '9876543210', password: 'Demo@2026' });
  const asInvestor = { token: session.token, account: session.account };
  const positionIds = {};
  for (const [symbol, quantity] of [
    ['RELIANCE', 40],
    ['TCS', 10],
  ]) {
    positionIds[symbol] = (
      await openWhenPriced(
        call,
        { symbol, side: 'long', orderType: 'market', quantity, leverage: 1 },
        asInvestor,
      )
    ).id;
  }
  step('demo investor holds RELIANCE × 40 and TCS × 10, unlevered');
  const asStaff = await signInSeededAdmin(call);
  await call(
    'console',
    'lending/setInstrumentLending',
    { symbol: 'RELIANCE', enabled: true, reason: 'journey: pool-backed shorts' },
    asStaff,
  );

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(
    ({ token, account }) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
      localStorage.setItem('token', token);
      localStorage.setItem('account', account);
    },
    { token: session.token, account: session.account },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (error) => console.error('page error:', error.message));
  let shot = 0;
  const snap = async (target, name, fullPage = true) => {
    shot += 1;
    const file = path.join(artifacts, `${String(shot).padStart(2, '0')}-${name}.png`);
    await target.screenshot({ path: file, fullPage });
    return file;
  };

  await page.goto(`${base}/#/home/lending`);
  await page.getByRole('button', { name: 'Lend RELIANCE' }).waitFor();
  await snap(page, 'lending-holdings');
  await page.getByRole('button', { name: 'Lend RELIANCE' }).click();
  await page.getByLabel('Shares to lend (up to 40)').fill('25');
  await page.getByRole('button', { name: '14 days' }).click();
  await page.getByText('Expected fee').waitFor();
  await snap(page, 'lending-form', false);
  step('the form shows the value, rate, expected fee and term end');
  await page.getByRole('button', { name: 'Confirm lending' }).click();
  await page.getByRole('tab', { name: 'Lending records', selected: true }).waitFor();
  await page.locator('.lending-record').first().waitFor();
  await snap(page, 'lending-records');
  step('lent 25 RELIANCE for 14 days; the record is in progress');
  await page.getByRole('tab', { name: 'Lend shares' }).click();
  await page.getByText(/^Lent until/).waitFor();
  await snap(page, 'lending-holdings-lent');
  await page.goto(`${base}/#/trade/positionDetail?id=${positionIds.RELIANCE}`);
  await page.getByRole('note').filter({ hasText: 'lent out until' }).waitFor();
  if ((await page.getByRole('button', { name: 'Close position' }).count()) > 0) {
    throw new Error('a lent holding offers a close button');
  }
  // The lending's toast (2 s) has gone; the note sits where the close button would be, at the end.
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
  await page.getByRole('note').scrollIntoViewIfNeeded();
  await snap(page, 'position-lent', false);
  step('the lent holding says so and offers no close');
  await page.goto(`${base}/#/home/lending`);
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.reload();
  await page.getByText('उधार देने योग्य आपकी होल्डिंग').waitFor();
  await snap(page, 'lending-hi');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.reload();
  await page.getByText('可出借的持仓').waitFor();
  await snap(page, 'lending-zh');
  step('the screen in Hindi and Chinese');

  const consoleContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await consoleContext.addInitScript(
    (token) => sessionStorage.setItem('staffToken', token),
    asStaff['x-staff-token'],
  );
  const consolePage = await consoleContext.newPage();
  consolePage.on('pageerror', (error) => console.error('console page error:', error.message));
  await consolePage.goto(`${base}/console/#/lending`);
  await consolePage.getByText('Pool per symbol').waitFor();
  await consolePage.getByRole('switch', { name: 'Only pool-backed or lent' }).click();
  await consolePage.getByText('#1 · RELIANCE × 25').waitFor();
  await snap(consolePage, 'console-lending');
  step('the console shows the pool per symbol and the lending');

  console.log(
    `lending journey passed: ${steps.length} steps; screenshots in ${path.relative(root, artifacts)}/`,
  );
} catch (error) {
  console.error('lending journey FAILED:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await stop();
}
