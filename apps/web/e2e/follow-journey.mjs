// The copy-trading journey in Debian Chromium against the real server with a fresh PGlite database:
// the seeded admin creates a product through the console API and buys for its strategy account; the
// demo investor sees it on the home follow tab and /home/fllow, is refused below the minimum, invests
// after the confirmation, and sees the mirrored position and the profit on /home/qcList (English and
// Hindi). Then the console's copy-trading page and the strategy account's trading panel.
//
//   node apps/web/e2e/follow-journey.mjs     (builds apps/web and apps/console first; JOURNEY_NO_BUILD=1 skips it;
//                                              FOLLOW_JOURNEY_BASE=http://… uses a server already running)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/follow-journey/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  apiCaller,
  artifactsFolder,
  CHROMIUM,
  signInSeededAdmin,
  skipWithoutChromium,
  stepLog,
} from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, repositoryRoot as root, startServer } from './server.mjs';

skipWithoutChromium('follow journey');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('follow-journey', { fresh: true });
if (process.env.JOURNEY_NO_BUILD !== '1') {
  await ensureWebBuild({ force: true });
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/console'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the console build failed');
}
// FOLLOW_JOURNEY_BASE points at a server already running (started with NIVESH_DEMO_SESSION=1).
const { baseUrl: base, stop } = process.env.FOLLOW_JOURNEY_BASE
  ? { baseUrl: process.env.FOLLOW_JOURNEY_BASE, stop: async () => {} }
  : await startServer({ NIVESH_SIM_TICK_MS: '1000' });
const { steps, step } = stepLog();
const call = apiCaller(base);
let browser;

try {
  step(`server on ${base}`);
  const staff = await signInSeededAdmin(call);
  const now = Date.now();
  const created = await call(
    'console',
    'follow/create',
    {
      name: 'Nifty Momentum',
      description: 'Large-cap momentum: staff trade the strategy account on the live feed.',
      fundSize: '1000000.00',
      minInvestment: '10000.00',
      copyUntil: now + 6 * 3_600_000,
      endsAt: now + 3 * 86_400_000,
      reason: 'journey: launch a product',
    },
    staff,
  );
  const productId = created.product.id;
  step(`product ${productId} created and funded`);

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
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
  const go = (route) => page.goto(`${base}/#${route}`);

  await go('/login/login');
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill('Demo@2026');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => Boolean(localStorage.getItem('token')));
  step('demo investor logged in');

  await go('/home/index');
  await page.getByRole('tab', { name: 'Follow' }).click();
  await page.getByText('Nifty Momentum').first().waitFor();
  await snap(page, 'home-follow-tab', false);
  step('the home follow tab lists the product');

  await go('/home/fllow');
  await page.locator('.follow-screen').getByText('Nifty Momentum').first().waitFor();
  await snap(page, 'follow-list');
  await page.locator('.follow-screen .follow-card__link').first().click();
  await page.getByRole('heading', { name: 'Follow this product' }).waitFor();
  await snap(page, 'product-detail');
  await page.getByRole('heading', { name: 'Follow this product' }).scrollIntoViewIfNeeded();
  await snap(page, 'product-detail-invest-form', false);
  step('the product detail shows the terms and the invest form');

  await page.getByLabel('Amount (₹)').fill('5000');
  await page.getByRole('button', { name: 'Invest' }).click();
  await page.getByText('The minimum is ₹10,000.00').waitFor();
  await snap(page, 'invest-below-minimum', false);
  step('an amount below the minimum is refused in the form');

  await page.getByLabel('Amount (₹)').fill('50000');
  await page.getByRole('button', { name: 'Invest' }).click();
  await page.getByRole('dialog').waitFor();
  await snap(page, 'invest-confirm', false);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Your follow' }).waitFor();
  step('₹50,000.00 invested after the confirmation');

  // The strategy buys; the engine mirrors it within a sweep (5% of 100 shares = 5 shares).
  await call(
    'console',
    'follow/strategyOrder',
    { id: productId, symbol: 'RELIANCE', side: 'long', orderType: 'market', quantity: 100, leverage: 1 },
    staff,
  );
  step('the strategy account bought 100 RELIANCE at market');
  for (let attempt = 0; attempt < 30; attempt += 1) {
    await page.waitForTimeout(1000);
    await page.reload();
    await page.getByRole('heading', { name: 'Your follow' }).waitFor();
    if (await page.getByText(/RELIANCE · Long × 5/).count()) break;
  }
  await page.getByText(/RELIANCE · Long × 5/).waitFor();
  await snap(page, 'product-detail-mirrored');
  await page.getByRole('heading', { name: 'Your follow' }).scrollIntoViewIfNeeded();
  await snap(page, 'product-detail-your-follow', false);
  step('the mirrored position shows in the follow');

  await go('/home/qcList');
  await page.getByText('Buy amount').first().waitFor();
  await snap(page, 'my-follows');
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.reload();
  await page.getByText('निवेश राशि').first().waitFor();
  await snap(page, 'my-follows-hi');
  await go('/home/fllow');
  await page.locator('.follow-screen').getByText('Nifty Momentum').first().waitFor();
  await snap(page, 'follow-list-hi');
  step('my follows in English and Hindi');

  // The console's page, signed in with the admin's token.
  const consoleContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await consoleContext.addInitScript(
    (token) => sessionStorage.setItem('staffToken', token),
    staff['x-staff-token'],
  );
  const consolePage = await consoleContext.newPage();
  consolePage.setDefaultTimeout(20_000);
  await consolePage.goto(`${base}/console/#/follow`);
  await consolePage.getByText('Nifty Momentum').first().waitFor();
  await snap(consolePage, 'console-follow-products');
  await consolePage.getByRole('button', { name: 'Trade strategy' }).click();
  await consolePage.getByText('Strategy account of Nifty Momentum').waitFor();
  await consolePage.getByRole('cell', { name: 'RELIANCE' }).first().waitFor();
  await snap(consolePage, 'console-strategy-trading');
  await consolePage.getByRole('button', { name: 'End now' }).click();
  const endDialog = consolePage.getByRole('dialog');
  await endDialog.getByLabel('Reason').fill('journey: end the product early');
  await snap(consolePage, 'console-end-confirm', false);
  await endDialog.getByRole('button', { name: 'End product' }).click();
  await consolePage.getByText('ended by staff').waitFor();
  await snap(consolePage, 'console-product-ended');
  step('the console ended the product');

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await go('/home/qcList');
  await page.reload();
  await page.getByText('Returned to cash').first().waitFor();
  await snap(page, 'my-follows-ended');
  step('the follow shows as ended with what returned to cash');
  console.log(`follow journey passed: ${steps.length} steps; screenshots in ${artifacts}`);
} finally {
  await browser?.close();
  await stop();
}
