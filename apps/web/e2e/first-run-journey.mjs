// A fresh install walked through every feature of the spec by a new investor, in Debian Chromium at
// 390 x 844, with no console change beyond the reviews: everything the investor uses is what the demo
// seed leaves on a first start (docs/api.md "The demo"). Staff only review: the KYC in the console's
// queue, the deposit (above the second-approver amount, so two staff members), the loan (every loan
// takes two, ADR 0027) and the withdrawal's payout.
//
// Day 1, Wednesday 2026-11-25 10:30 IST: register with the invitation code, set a fund password,
// KYC, add a bank account, deposit ₹3,00,000 with a receipt, buy RELIANCE, subscribe to the demo IPO,
// apply for a loan from the starter tier, exchange rupees into dollars, check in, read the news.
// Day 2, Thursday 11:30 IST, the same data folder: the bank account is past its cooling-off, so the
// investor withdraws; the second check-in makes a streak of two.
//
// The server's wall clock is moved by shift-clock.mjs (loaded with --import; the server never loads
// it itself), so the journey runs at any hour inside the withdrawal window of a working day.
//
//   node apps/web/e2e/first-run-journey.mjs   (builds both apps first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/first-run-journey/.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  apiCaller,
  artifactsFolder,
  buildApps,
  CHROMIUM,
  createSecondAdmin,
  DEMO_INVESTOR,
  png,
  SECOND_ADMIN,
  signInStaff,
  skipWithoutChromium,
  stepLog,
} from './journey-kit.mjs';
import { CHROMIUM_ARGS, startServer } from './server.mjs';

skipWithoutChromium('first-run journey');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('first-run-journey', { fresh: true });
const { steps, step } = stepLog();

/** The server's wall clock for each day (IST = UTC + 5:30). */
const WEDNESDAY_10_30_IST = Date.UTC(2026, 10, 25, 5, 0);
const THURSDAY_11_30_IST = Date.UTC(2026, 10, 26, 6, 0);

const INVESTOR = { phone: '9812345670', password: 'Asha@2026', fundPassword: 'Fund@2468', name: 'Asha Rao' };

let browser;
let server;
let shot = 0;
const dataDir = await mkdtemp(path.join(tmpdir(), 'nivesh-first-run-journey-'));

/** A day on the journey's data folder: the server at `atMs`, a phone-sized page, staff signed in. */
async function day(label, atMs, options, story) {
  server = await startServer(
    {
      NIVESH_SIM_TICK_MS: '1000',
      NODE_OPTIONS: `--import ${new URL('./shift-clock.mjs', import.meta.url).pathname}`,
      NIVESH_SHOT_AT_MS: String(atMs),
    },
    { dataDir, beforeStart: options.beforeStart },
  );
  const base = server.baseUrl;
  step(`${label}: server on ${base}`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const snapOf =
    (target) =>
    async (name, fullPage = true) => {
      shot += 1;
      await target.screenshot({
        path: path.join(artifacts, `${String(shot).padStart(2, '0')}-${name}.png`),
        fullPage,
      });
    };
  const snap = snapOf(page);
  const call = apiCaller(base);
  // The server's clock runs from `atMs`: staff TOTP codes are made for its time, read from the demo
  // investor's block window (serverTime, taken halfway through the call).
  const demo = await call('vue', 'user/login', {
    account: DEMO_INVESTOR.phone,
    password: DEMO_INVESTOR.password,
  });
  const askedAtMs = Date.now();
  const blocks = await call('vue', 'block/list', {}, { token: demo.token, account: DEMO_INVESTOR.phone });
  const serverOffsetMs = blocks.window.serverTime - (askedAtMs + Date.now()) / 2;
  const serverNowMs = () => Date.now() + serverOffsetMs;
  try {
    await story({
      base,
      call,
      page,
      snap,
      snapOf,
      serverNowMs,
      go: (route) => page.goto(`${base}/#${route}`),
    });
  } catch (error) {
    await snap('failure').catch(() => undefined);
    throw error;
  } finally {
    await context.close();
    await server.stop();
    server = undefined;
  }
}

/** Logs in through the login screen, typing as a person does. */
async function logIn(page, go) {
  await go('/login/login');
  await page.getByLabel('Mobile number').pressSequentially(INVESTOR.phone);
  await page.getByLabel('Password', { exact: true }).pressSequentially(INVESTOR.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForFunction(() => Boolean(localStorage.getItem('token')));
}

/** The admin's TOTP secret from its enrolment on day 1, for its sign-in on day 2. */
let adminSecret;

try {
  if (process.env.JOURNEY_NO_BUILD !== '1') await buildApps({ console: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  await day(
    'Wednesday 10:30 IST',
    WEDNESDAY_10_30_IST,
    { beforeStart: createSecondAdmin },
    async ({ base, call, page, snap, snapOf, serverNowMs, go }) => {
      // Staff of a fresh install, each signing in for the first time (TOTP enrolment).
      const staff = await signInStaff(call, { nowMs: serverNowMs });
      const checker = await signInStaff(call, { username: SECOND_ADMIN, nowMs: serverNowMs });
      adminSecret = staff.secret;

      // Register with the invitation code the README states.
      await go('/login/register');
      await page.getByLabel('Mobile number').pressSequentially(INVESTOR.phone);
      await page.getByLabel('Password', { exact: true }).pressSequentially(INVESTOR.password);
      await page.getByLabel('Confirm password').pressSequentially(INVESTOR.password);
      await page.getByLabel('Invitation code').pressSequentially('NIVESH2026');
      await page.locator('.consent__checkbox').check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/#\/home\/index/);
      await page.locator('.quote-row').first().waitFor();
      await snap('home-after-register');
      step('registered with the invitation code; the home screen shows the market');

      // A fund password, then KYC with two photos.
      await go('/information/fundPass');
      await page.getByLabel('Login password (to confirm it is you)').fill(INVESTOR.password);
      await page.getByLabel('New fund password').fill(INVESTOR.fundPassword);
      await page.getByLabel('Repeat the new password').fill(INVESTOR.fundPassword);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/information\/setting$/);
      await go('/information/authInfo');
      await page.getByLabel('Full name').fill(INVESTOR.name);
      await page.getByLabel('ID number').fill('ABCDE1234F');
      await page
        .getByLabel('Front of ID')
        .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(320, 200, [40, 90, 200]) });
      await page
        .getByLabel('Back of ID')
        .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png(320, 200, [200, 120, 40]) });
      await page.getByText('Uploaded').nth(1).waitFor();
      await page.getByRole('button', { name: 'Submit for verification' }).click();
      await page.getByText('We are checking your documents').waitFor();
      await snap('kyc-under-review');
      step('fund password set; KYC submitted with two photos');

      // The KYC review, in the console's queue.
      const consoleContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await consoleContext.addInitScript(
        (token) => sessionStorage.setItem('staffToken', token),
        staff.headers['x-staff-token'],
      );
      const consolePage = await consoleContext.newPage();
      consolePage.setDefaultTimeout(30_000);
      await consolePage.goto(`${base}/console/#/reviews?queue=kyc`);
      const kycRow = consolePage.locator('.ant-table-row', { hasText: INVESTOR.name });
      await kycRow.getByAltText('Front').waitFor();
      await snapOf(consolePage)('console-kyc-queue', false);
      await kycRow.getByRole('button', { name: 'Verify' }).click();
      await consolePage.locator('.ant-modal').getByRole('button', { name: 'Verify' }).click();
      await consolePage.getByText(new RegExp(`KYC \\d+ verified: ${INVESTOR.name}`)).waitFor();
      await consoleContext.close();
      await page.reload();
      await page.getByText('Your identity is verified').waitFor();
      step('staff verified the KYC in the console');

      // A payout bank account in the KYC name.
      await go('/information/addBankCard');
      await page.getByText(INVESTOR.name).waitFor();
      await page.getByLabel('Account number', { exact: true }).fill('123456789012');
      await page.getByLabel('Confirm account number').fill('123456789012');
      await page.getByLabel('IFSC').fill('sbin0001234');
      await page.getByRole('button', { name: 'Add account' }).click();
      await page.getByText('XXXX9012').waitFor();
      step('bank account added (usable after its cooling-off)');

      // Deposit through the seeded UPI channel, with a receipt; above the second-approver amount.
      await go('/information/recharge');
      await page.getByText('UPI (demo)').click();
      await page.getByLabel('Amount (INR)').fill('300000');
      await page.getByLabel('UTR (payment reference)').fill('512345678901');
      await page
        .getByLabel('Payment receipt')
        .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png(300, 400, [30, 160, 90]) });
      await page.getByText('Uploaded').waitFor();
      await page.getByRole('button', { name: 'Submit deposit' }).click();
      await page.getByText('Deposit under review').waitFor();
      await staff.approve('deposits', INVESTOR.phone);
      await checker.approve('deposits', INVESTOR.phone);
      await go('/information/index');
      await page.getByText('3,00,000.00').first().waitFor();
      await snap('account-funded');
      step('₹3,00,000 deposited; two staff members approved it');

      // A market order for RELIANCE, typed as a hurried person types the symbol.
      await go('/trade/index');
      await page.getByPlaceholder('Search a symbol or name to buy').pressSequentially('reliance');
      await page
        .getByRole('button', { name: /^RELIANCE/ })
        .first()
        .click();
      const sheet = page.getByRole('dialog', { name: 'Place an order' });
      await sheet.getByRole('form', { name: 'Order form' }).waitFor();
      await sheet.getByLabel('Order type').selectOption('market');
      await sheet.getByRole('button', { name: /^Continue/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
      await confirm.getByRole('region', { name: 'Charges' }).getByText('Net amount you pay').waitFor();
      await snap('order-confirm', false);
      await confirm.getByRole('button', { name: 'Place order' }).click();
      await sheet.waitFor({ state: 'detached' });
      await page.locator('.trade-item').filter({ hasText: 'RELIANCE' }).first().waitFor();
      await snap('position-open');
      step('bought RELIANCE at the market; the position is open');

      // The demo IPO, at its minimum subscription.
      await go('/home/index');
      await page.getByRole('tab', { name: 'IPO' }).click();
      const card = page.locator('.new-stock-card').filter({ hasText: 'DEMOIPO' });
      await card.locator('a').click();
      await page.getByRole('heading', { name: 'Subscribe' }).waitFor();
      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      const subscribe = page.getByRole('dialog', { name: 'Confirm subscription' });
      await subscribe.getByRole('button', { name: 'Subscribe' }).click();
      await page.locator('.trade-item').filter({ hasText: 'DEMOIPO' }).getByText('Subscribed').waitFor();
      await snap('ipo-subscribed');
      step('subscribed to DEMOIPO');

      // A loan from the starter tier; two staff members approve it.
      await go('/home/loan');
      await page.getByText('Borrowable').waitFor();
      await page.getByLabel('Loan amount (₹)').fill('10000');
      await page.getByRole('button', { name: '30 days' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Pending review').waitFor();
      await staff.approve('loans', INVESTOR.phone);
      await checker.approve('loans', INVESTOR.phone);
      await page.reload();
      await page.getByText('Owed now').waitFor();
      await snap('loan-outstanding');
      step('borrowed ₹10,000 for 30 days; two staff members approved it');

      // Rupees into dollars at the demo pair.
      await go('/information/exChange');
      const exchange = page.getByRole('form', { name: 'Currency exchange' });
      await exchange.getByLabel('From').selectOption('INR');
      await exchange.getByLabel('To').selectOption('USD');
      await exchange.getByLabel('Amount (INR)').fill('1000');
      await exchange.getByRole('button', { name: 'Get quote' }).click();
      await exchange.getByText('USD 11.94').waitFor();
      await exchange.getByRole('button', { name: 'Confirm exchange' }).click();
      await page.locator('.record-item').filter({ hasText: 'USD' }).first().waitFor();
      await snap('exchanged');
      step('exchanged ₹1,000 into USD 11.94');

      // Check in, and read the news.
      await go('/home/checkIn');
      await page.getByRole('button', { name: 'Check in', exact: true }).click();
      await page.getByRole('button', { name: 'Checked in today' }).waitFor();
      await go('/home/newsList');
      await page.getByRole('link', { name: /Demo: subscribe to an IPO/ }).click();
      await page.getByRole('heading', { name: 'Demo: subscribe to an IPO' }).waitFor();
      await snap('news-detail');
      step('checked in; read a news article');
    },
  );

  await day('Thursday 11:30 IST', THURSDAY_11_30_IST, {}, async ({ call, page, snap, serverNowMs, go }) => {
    const staff = await signInStaff(call, { secret: adminSecret, nowMs: serverNowMs });
    await logIn(page, go);

    // The bank account is past its cooling-off: withdraw, with the fee shown before confirming.
    await go('/information/cashOut');
    await page.getByLabel('Amount (INR)').fill('5000');
    await page.getByLabel('Fund password').fill(INVESTOR.fundPassword);
    await page.getByText('You receive').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Withdrawal requested').waitFor();
    await staff.approve('withdrawals', INVESTOR.phone, { payoutReference: 'NEFT-FIRSTRUN-0001' });
    await go('/information/fundRequests?tab=withdrawal');
    await page.getByText('NEFT-FIRSTRUN-0001', { exact: false }).waitFor();
    await snap('withdrawal-paid');
    step('withdrew ₹5,000 the next day; staff paid it');

    await go('/home/checkIn');
    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    await page.getByRole('button', { name: 'Checked in today' }).waitFor();
    const count = await page.getByTestId('checkin-count').textContent();
    if (count !== '2') throw new Error(`check-ins after two days: ${count}`);
    await snap('checkin-day-two');
    step('checked in again: two check-ins');
  });

  console.log(`first-run journey passed: ${steps.length} steps, screenshots in artifacts/first-run-journey`);
} catch (error) {
  console.error('first-run journey FAILED:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
}
