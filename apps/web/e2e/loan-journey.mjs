// The credit-loan journey in Debian Chromium at 390 x 844 against the real server with a fresh
// PGlite database: staff set the quota table and the demo investor's credit score; the investor
// opens /home/loan (score, quota, borrowed, borrowable), is refused above the quota in the form,
// sees the interest before confirming, applies; the console's loan queue shows the application and
// compliance approves it there; the investor sees the loan outstanding, repays part on /home/loanRe
// with the fund password, and reads the records on /home/loanJq; the loan screen in Hindi.
//
//   node apps/web/e2e/loan-journey.mjs   (builds apps/web and apps/console first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/loan-journey/.
import { createSecondAdmin, DEMO_INVESTOR, runJourney, SECOND_ADMIN, signInStaff } from './journey-kit.mjs';

// Loans need no market: without the simulator the server starts in seconds.
const options = {
  console: true,
  server: { NIVESH_FEED: 'none' },
  timeout: 30_000,
  // Every loan needs two staff members (ADR 0027): a second admin, made with the CLI, approves it too.
  beforeStart: createSecondAdmin,
};

await runJourney('loan', options, async ({ call, page, snap, snapOf, go, step, signIn, openConsole }) => {
  const staff = await signInStaff(call);
  await staff.call('loans/setQuotaTable', {
    tiers: [
      { minCreditScore: 300, quota: '10000' },
      { minCreditScore: 600, quota: '50000' },
      { minCreditScore: 800, quota: '200000' },
    ],
    reason: 'launch table',
  });
  const found = await staff.call('users/search', { query: DEMO_INVESTOR.phone });
  const userId = found.items[0].id;
  await staff.call('users/setCreditScore', { userId, creditScore: 650, reason: 'bureau report' });
  const login = await call('vue', 'user/login', {
    account: DEMO_INVESTOR.phone,
    password: DEMO_INVESTOR.password,
  });
  const investor = { token: login.token, account: DEMO_INVESTOR.phone };
  await call(
    'vue',
    'user/setFundPassword',
    // The demo seed set the demo investor's fund password (README); the journey changes it.
    { oldFundPassword: DEMO_INVESTOR.fundPassword, newPassword: 'Fund1234', confirmPassword: 'Fund1234' },
    investor,
  );
  await signIn(investor);
  step('quota table set; demo investor scored 650 with a fund password');

  // The loan screen: score, quota, borrowed, borrowable, and the form.
  await go('/home/loan');
  await page.getByText('Borrowable').waitFor();
  await snap('loan-quota');
  await page.getByLabel('Loan amount (₹)').fill('60000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Your quota allows at most 50,000.00').waitFor();
  await snap('loan-over-quota', false);
  step('above the quota is refused in the form');

  await page.getByLabel('Loan amount (₹)').fill('10000');
  await page.getByRole('button', { name: '30 days' }).click();
  await page.getByRole('region', { name: 'Interest' }).getByText('₹150.00').waitFor();
  await snap('loan-interest-shown');
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('₹10,150.00').waitFor();
  await snap('loan-confirm', false);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Pending review').waitFor();
  await snap('loan-pending');
  step('applied for ₹10,000.00 over 30 days; interest ₹150.00 shown first');

  // The console's loan queue, signed in with the admin's session.
  const consolePage = await openConsole(staff, '/reviews?queue=loans');
  const snapConsole = snapOf(consolePage);
  // Every loan takes two staff members (ADR 0027): the first approves, the second credits it.
  const loanRow = consolePage.locator('.ant-table-row', { hasText: 'Demo Investor' });
  await loanRow.getByRole('button', { name: 'Approve', exact: true }).waitFor();
  await consolePage.waitForLoadState('networkidle');
  await consolePage.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
  await snapConsole('console-loan-queue', false);
  await loanRow.getByRole('button', { name: 'Approve', exact: true }).click();
  await consolePage.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await consolePage.getByText(/your approval is recorded/).waitFor();
  await snapConsole('console-loan-first-approval', false);
  const checker = await signInStaff(call, { username: SECOND_ADMIN });
  await checker.approve('loans', DEMO_INVESTOR.phone);
  await consolePage.reload();
  await consolePage.getByText('Outstanding', { exact: true }).click();
  await consolePage.getByText('Record repayment received').waitFor();
  await snapConsole('console-loan-outstanding', false);
  step('approved in the console queue');

  // The investor: outstanding, then a partial repayment, then the records.
  await go('/home/loan');
  await page.reload();
  await page.getByText('Owed now').waitFor();
  await snap('loan-outstanding');
  await go('/home/loanRe');
  await page.getByLabel('Repayment amount (₹)').waitFor();
  await page.getByLabel('Repayment amount (₹)').fill('10000.01');
  await page.getByLabel('Fund password').fill('Fund1234');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('You owe 10,000.00: repay at most that').waitFor();
  await snap('repay-over-owed', false);
  await page.getByLabel('Repayment amount (₹)').fill('4000');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Repay' }).click();
  await page.getByText('Repayment received. You now owe ₹6,000.00.').waitFor();
  await snap('repay-done');
  step('repaid ₹4,000.00 with the fund password');

  await go('/home/loanJq');
  await page.locator('.record-list').getByText('Approved').waitFor();
  await snap('loan-records');
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await go('/home/loan');
  await page.reload();
  await page.getByText('अभी बकाया').first().waitFor();
  await snap('loan-hindi');
  step('records and the Hindi loan screen');
});
