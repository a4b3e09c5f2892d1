// The credit-loan journey in Debian Chromium at 390 x 844 against the real server with a fresh
// PGlite database: staff set the quota table and the demo investor's credit score; the investor
// opens /home/loan (score, quota, borrowed, borrowable), is refused above the quota in the form,
// sees the interest before confirming, applies; the console's loan queue shows the application and
// compliance approves it there; the investor sees the loan outstanding, repays part on /home/loanRe
// with the fund password, and reads the records on /home/loanJq; the loan screen in Hindi.
//
//   node apps/web/e2e/loan-journey.mjs   (builds apps/web and apps/console when stale; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/loan-journey/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

skipWithoutChromium('loan journey');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('loan-journey', { fresh: true });
if (process.env.JOURNEY_NO_BUILD !== '1') {
  await ensureWebBuild();
  if (!existsSync(path.join(root, 'apps/console/dist/index.html'))) {
    console.log('building apps/console…');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/console'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the console build failed');
  }
}
// Loans need no market: without the simulator the server starts in seconds.
const { baseUrl: base, stop } = await startServer({ NIVESH_FEED: 'none' });
const call = apiCaller(base);
const { steps, step } = stepLog();
let browser;

try {
  step(`server on ${base}`);
  const staff = await signInSeededAdmin(call);
  await call(
    'console',
    'loans/setQuotaTable',
    {
      tiers: [
        { minCreditScore: 300, quota: '10000' },
        { minCreditScore: 600, quota: '50000' },
        { minCreditScore: 800, quota: '200000' },
      ],
      reason: 'launch table',
    },
    staff,
  );
  const found = await call('console', 'users/search', { query: '9876543210' }, staff);
  const userId = found.items[0].id;
  await call('console', 'users/setCreditScore', { userId, creditScore: 650, reason: 'bureau report' }, staff);
  const login = await call('vue', 'user/login', { account: '9876543210', password: 'Demo@2026' });
  const investor = { token: login.token, account: '9876543210' };
  await call(
    'vue',
    'user/setFundPassword',
    { loginPassword: 'Demo@2026', newPassword: 'Fund1234', confirmPassword: 'Fund1234' },
    investor,
  );
  step('quota table set; demo investor scored 650 with a fund password');

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(
    ([token, account]) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
      localStorage.setItem('token', token);
      localStorage.setItem('account', account);
    },
    [investor.token, investor.account],
  );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => console.error('page error:', error.message));
  let shot = 0;
  const snap = async (target, name, fullPage = true) => {
    shot += 1;
    const file = path.join(artifacts, `${String(shot).padStart(2, '0')}-${name}.png`);
    await target.screenshot({ path: file, fullPage });
    return file;
  };
  const go = (route) => page.goto(`${base}/#${route}`);

  // The loan screen: score, quota, borrowed, borrowable, and the form.
  await go('/home/loan');
  await page.getByText('Borrowable').waitFor();
  await snap(page, 'loan-quota');
  await page.getByLabel('Loan amount (₹)').fill('60000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Your quota allows at most 50,000.00').waitFor();
  await snap(page, 'loan-over-quota', false);
  step('above the quota is refused in the form');

  await page.getByLabel('Loan amount (₹)').fill('10000');
  await page.getByRole('button', { name: '30 days' }).click();
  await page.getByRole('region', { name: 'Interest' }).getByText('₹150.00').waitFor();
  await snap(page, 'loan-interest-shown');
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('₹10,150.00').waitFor();
  await snap(page, 'loan-confirm', false);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Pending review').waitFor();
  await snap(page, 'loan-pending');
  step('applied for ₹10,000.00 over 30 days; interest ₹150.00 shown first');

  // The console's loan queue, signed in with the admin's session.
  const consolePage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await consolePage.addInitScript(
    (token) => sessionStorage.setItem('staffToken', token),
    staff['x-staff-token'],
  );
  await consolePage.goto(`${base}/console/#/reviews?queue=loans`);
  await consolePage.getByText('Approve and credit').waitFor();
  await consolePage.waitForLoadState('networkidle');
  await consolePage.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await snap(consolePage, 'console-loan-queue', false);
  await consolePage.getByText('Approve and credit').click();
  await consolePage.getByRole('dialog').getByRole('button', { name: 'Approve and credit' }).click();
  await consolePage.getByText(/approved: ₹10,000.00 credited/).waitFor();
  await consolePage.getByText('Outstanding', { exact: true }).click();
  await consolePage.getByText('Record repayment received').waitFor();
  await snap(consolePage, 'console-loan-outstanding', false);
  step('approved in the console queue');

  // The investor: outstanding, then a partial repayment, then the records.
  await go('/home/loan');
  await page.reload();
  await page.getByText('Owed now').waitFor();
  await snap(page, 'loan-outstanding');
  await go('/home/loanRe');
  await page.getByLabel('Repayment amount (₹)').waitFor();
  await page.getByLabel('Repayment amount (₹)').fill('10000.01');
  await page.getByLabel('Fund password').fill('Fund1234');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('You owe 10,000.00: repay at most that').waitFor();
  await snap(page, 'repay-over-owed', false);
  await page.getByLabel('Repayment amount (₹)').fill('4000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Repay' }).click();
  await page.getByText('Repayment received. You now owe ₹6,000.00.').waitFor();
  await snap(page, 'repay-done');
  step('repaid ₹4,000.00 with the fund password');

  await go('/home/loanJq');
  await page.locator('.record-list').getByText('Approved').waitFor();
  await snap(page, 'loan-records');
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await go('/home/loan');
  await page.reload();
  await page.getByText('अभी बकाया').first().waitFor();
  await snap(page, 'loan-hindi');
  step('records and the Hindi loan screen');
  console.log(`loan journey passed: ${steps.length} steps; screenshots in ${artifacts}`);
} finally {
  await browser?.close();
  await stop();
}
