/**
 * The review queues' journey in Chromium, against the real server with a throwaway data
 * directory:
 *   - an admin signs in for the first time and enrols TOTP (codes computed from the secret shown);
 *   - staff accounts for compliance and two finance members are created before the server starts
 *     with `npm run staff:create` (there is no console call for making staff);
 *   - a new investor registers and submits KYC through the API (two image uploads, user/authSubmit);
 *     the compliance member enrols TOTP and verifies it in the KYC queue;
 *   - the demo investor (₹5,00,000) adds a bank card (parameters/update: no cooling-off, an
 *     all-day window) and asks to withdraw ₹2,50,000, above the ₹2,00,000 two-person threshold;
 *   - the first finance member approves in the withdrawal queue (first of two) and cannot give the
 *     second; the second finance member completes it with the payout reference;
 *   - the admin looks at the dashboard, writes a news item (its script removed by the server, seen in
 *     the preview) and adds a holiday to the trading calendar.
 * Screenshots (1280x800) go to artifacts/console/review-*.png. Not part of the Vitest run.
 *
 *   npm run build -w apps/console && node apps/console/e2e/review-journey.mjs
 *
 * Environment: CHROMIUM_PATH (/usr/bin/chromium). The server starts through apps/web/e2e/server.mjs.
 */
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { chromium } from 'playwright-core';
import { apiCaller, CHROMIUM, png } from '../../web/e2e/journey-kit.mjs';
import { CHROMIUM_ARGS, repositoryRoot, startServer } from '../../web/e2e/server.mjs';

const screenshotDir = path.join(repositoryRoot, 'artifacts/console');
const admin = { username: 'admin', password: 'Admin@2026!' };
const staffPassword = 'Review@2026x';
const compliance = { username: 'meera', name: 'Meera Iyer', roles: 'compliance', password: staffPassword };
const financeOne = { username: 'priya', name: 'Priya Shah', roles: 'finance', password: staffPassword };
const financeTwo = { username: 'kiran', name: 'Kiran Rao', roles: 'finance', password: staffPassword };
const demoInvestor = { phone: '9876543210', password: 'Demo@2026' };

const totpCode = (secret) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

async function upload(session, name, buffer) {
  const form = new FormData();
  form.append('file', new Blob([buffer], { type: 'image/png' }), name);
  const response = await fetch(`${baseUrl}/api/vue/upload/file?purpose=kyc`, {
    method: 'POST',
    headers: { token: session.token, account: session.account },
    body: form,
  });
  const envelope = await response.json();
  if (envelope.status !== 1) throw new Error(`upload: HTTP ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data.uploadId;
}

/** Staff for compliance and finance, made with the CLI before the server opens the data folder. */
function createStaffMembers(env) {
  for (const member of [compliance, financeOne, financeTwo]) {
    const made = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/create-staff.ts',
        '--username',
        member.username,
        '--name',
        member.name,
        '--roles',
        member.roles,
      ],
      { cwd: repositoryRoot, env: { ...env, NIVESH_STAFF_PASSWORD: member.password }, stdio: 'inherit' },
    );
    if (made.status !== 0) throw new Error(`staff:create ${member.username} failed`);
  }
}

async function journey() {
  await mkdir(screenshotDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  const problems = [];
  let sandboxBlocks = 0;
  let current;
  const watch = (page, who) => {
    page.on('pageerror', (error) => problems.push(`${who}: page error: ${error.message}`));
    page.on('console', (message) => {
      // The news preview's sandbox refusing the typed <script> is the sandbox working, not a fault.
      if (message.text().startsWith("Blocked script execution in 'about:srcdoc'")) {
        sandboxBlocks += 1;
        return;
      }
      if (message.type() === 'error') problems.push(`${who}: console error: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${who}: HTTP ${response.status()} for ${response.url()}`);
    });
  };
  const shot = async (page, name, { fullPage = false } = {}) => {
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(screenshotDir, `review-${name}.png`), fullPage });
    console.log(`screenshot review-${name}.png`);
  };

  /** A staff member's first sign-in in their own browser context: password, then TOTP enrolment. */
  const firstSignIn = async (member, shotName) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    current = page;
    watch(page, member.username);
    await page.goto(`${baseUrl}/console/`);
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    if (shotName) await shot(page, shotName);
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    return page;
  };
  const openQueue = async (page, tab) => {
    await page.getByRole('menuitem', { name: 'Reviews' }).click();
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await page.getByRole('tab', { name: tab, exact: true }).click();
  };

  try {
    // 1. The admin's first sign-in: TOTP enrolment, then the dashboard.
    const adminPage = await firstSignIn(admin, '01-admin-totp-enrolment');
    const adminToken = await adminPage.evaluate(() => sessionStorage.getItem('staffToken'));
    await adminPage.getByText('Pending reviews').waitFor();
    await adminPage.getByText(/leads the trading engine/).waitFor();
    await shot(adminPage, '02-admin-dashboard');
    const asAdmin = { 'x-staff-token': adminToken };
    // Any day, any hour: no cooling-off for new cards and an all-day withdrawal window.
    for (const [name, value] of [
      ['payout_destination_cooling_off_hours', 0],
      ['withdrawal_working_days_only', false],
      ['withdrawal_window', { start: '00:00', end: '24:00' }],
    ]) {
      await call(
        'console',
        'parameters/update',
        { name, value, reason: 'review journey: any hour, no cooling-off' },
        asAdmin,
      );
    }

    // 2. A new investor submits KYC through the API.
    const investor = await call('vue', 'user/register', {
      account: '9123456781',
      password: 'Journey@2026',
      confirmPassword: 'Journey@2026',
      inviteCode: 'NIVESH2026',
      agree: true,
    });
    const frontImage = await upload(investor, 'pan-front.png', png(480, 300, [214, 170, 90]));
    const backImage = await upload(investor, 'pan-back.png', png(480, 300, [120, 150, 200]));
    await call(
      'vue',
      'user/authSubmit',
      { realName: 'Asha Rao', idType: 'pan', idNumber: 'ABCPR1234K', frontImage, backImage },
      { token: investor.token, account: investor.account },
    );

    // 3. Compliance verifies it in the console.
    const compliancePage = await firstSignIn(compliance, '03-compliance-totp-enrolment');
    await openQueue(compliancePage, 'KYC');
    const kycRow = compliancePage.locator('.ant-table-row', { hasText: 'Asha Rao' });
    await kycRow.waitFor();
    await kycRow.getByAltText('Front').waitFor();
    await kycRow.getByAltText('Back').waitFor();
    await shot(compliancePage, '04-kyc-queue');
    await kycRow.getByRole('button', { name: 'Verify' }).click();
    const kycDialog = compliancePage.locator('.ant-modal');
    await kycDialog.getByText('Verify KYC').waitFor();
    await shot(compliancePage, '05-kyc-confirm');
    await kycDialog.getByRole('button', { name: 'Verify' }).click();
    await compliancePage.getByText(/KYC \d+ verified: Asha Rao/).waitFor();
    await compliancePage.getByText('No KYC submission in this state.').waitFor();
    await compliancePage.getByText('Verified', { exact: true }).click();
    await compliancePage.locator('.ant-table-row', { hasText: 'Asha Rao' }).waitFor();
    await shot(compliancePage, '06-kyc-verified');
    const status = await call(
      'vue',
      'user/authInfo',
      {},
      { token: investor.token, account: investor.account },
    );
    if (status.status !== 'verified') throw new Error(`KYC status after approval: ${status.status}`);

    // 4. The demo investor withdraws ₹2,50,000 to a new bank card.
    const demo = await call('vue', 'user/login', {
      account: demoInvestor.phone,
      password: demoInvestor.password,
    });
    const asDemo = { token: demo.token, account: demo.account };
    // The demo seed gives the demo investor the fund password Fund@2026 (README).
    const card = await call(
      'vue',
      'bank/add',
      { holderName: 'Demo Investor', accountNumber: '50100123456789', ifsc: 'HDFC0001234' },
      asDemo,
    );
    const withdrawal = await call(
      'vue',
      'cashout/submit',
      { amount: '250000.00', destinationId: card.id, fundPassword: 'Fund@2026' },
      asDemo,
    );
    if (withdrawal.approvalsRequired !== 2) throw new Error('₹2,50,000 should need two approvals');

    // 5. The first finance member approves: the first of two.
    const financeOnePage = await firstSignIn(financeOne);
    await openQueue(financeOnePage, 'Withdrawals');
    const row1 = financeOnePage.locator('.ant-table-row', { hasText: `Withdrawal ${withdrawal.id}` });
    await row1.getByText('0 of 2 approvals').waitFor();
    await shot(financeOnePage, '07-withdrawal-queue-first');
    await row1.getByRole('button', { name: 'First approval' }).click();
    await financeOnePage.locator('.ant-modal').getByText('nothing is paid until').waitFor();
    await shot(financeOnePage, '08-withdrawal-first-confirm');
    await financeOnePage.locator('.ant-modal').getByRole('button', { name: 'First approval' }).click();
    await financeOnePage.getByText(/first approval recorded/).waitFor();
    await row1.getByText('1 of 2: priya').waitFor();
    await row1.getByText('You gave the first approval').waitFor();
    await shot(financeOnePage, '09-withdrawal-first-given');

    // 6. The second finance member completes it with the payout reference.
    const financeTwoPage = await firstSignIn(financeTwo);
    await openQueue(financeTwoPage, 'Withdrawals');
    const row2 = financeTwoPage.locator('.ant-table-row', { hasText: `Withdrawal ${withdrawal.id}` });
    await row2.getByText('1 of 2: priya').waitFor();
    await row2.getByLabel(`Payout reference for withdrawal ${withdrawal.id}`).fill('HDFCN26112300042');
    await shot(financeTwoPage, '10-withdrawal-second');
    await row2.getByRole('button', { name: 'Second approval and pay' }).click();
    await financeTwoPage.locator('.ant-modal').getByText('HDFCN26112300042').first().waitFor();
    await shot(financeTwoPage, '11-withdrawal-second-confirm');
    await financeTwoPage
      .locator('.ant-modal')
      .getByRole('button', { name: 'Second approval and pay' })
      .click();
    await financeTwoPage.getByText(/approved and paid \(payout reference HDFCN26112300042\)/).waitFor();
    await financeTwoPage.getByText('Approved', { exact: true }).click();
    await financeTwoPage.locator('.ant-table-row', { hasText: `Withdrawal ${withdrawal.id}` }).waitFor();
    await shot(financeTwoPage, '12-withdrawal-paid');

    // The loser of a race: the first finance member's screen still offers nothing; reject now is refused.
    const rowStale = financeOnePage.locator('.ant-table-row', { hasText: `Withdrawal ${withdrawal.id}` });
    await rowStale.getByLabel(`Reason for withdrawal ${withdrawal.id}`).fill('Changed my mind');
    await rowStale.getByRole('button', { name: 'Reject' }).click();
    await financeOnePage.locator('.ant-modal').getByRole('button', { name: 'Reject' }).click();
    await financeOnePage.getByText('This item is not under review; do not repeat the operation').waitFor();
    await shot(financeOnePage, '13-withdrawal-already-decided');
    // That refusal is the expected answer of the race, not a browser problem.
    const raceIndex = problems.findIndex((problem) => problem.includes('withdrawals/reject'));
    if (raceIndex >= 0) problems.splice(raceIndex, 1);

    // 7. The admin: dashboard, news with a preview, the trading calendar.
    current = adminPage;
    await adminPage.getByRole('menuitem', { name: 'Content' }).click();
    await adminPage.getByRole('button', { name: 'Write news' }).click();
    const drawer = adminPage.locator('.ant-drawer');
    await drawer.getByLabel('Title').fill('Markets closed for Guru Nanak Jayanti');
    await drawer.getByLabel('Cover image URL').fill('https://example.com/cover.png');
    await drawer
      .getByLabel('Body (HTML)')
      .fill(
        '<h2>Holiday notice</h2><p>NSE and BSE are <strong>closed</strong> on 24 November.</p><script>alert(1)</script><p><a href="https://www.nseindia.com" onclick="steal()">Read the circular</a></p>',
      );
    await drawer.getByText('Publish now').click();
    await shot(adminPage, '15-news-editor');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText(/Saved news \d+: published/).waitFor();
    await drawer.getByText('As saved (sanitised by the server)').waitFor();
    await shot(adminPage, '16-news-saved-preview');
    if (sandboxBlocks === 0) problems.push('the typed <script> was not blocked by the preview sandbox');
    const saved = await adminPage.frameLocator('iframe.html-preview').locator('body').innerHTML();
    if (saved.includes('<script') || saved.includes('onclick'))
      problems.push(`saved body not sanitised: ${saved}`);
    await adminPage.locator('.ant-drawer-close').click();
    await adminPage.locator('.ant-table-row', { hasText: 'Guru Nanak' }).waitFor();
    await adminPage.getByRole('tab', { name: 'Check-in rewards' }).click();
    await adminPage.getByRole('button', { name: 'Add reward' }).waitFor();
    await shot(adminPage, '17-checkin-rewards');

    await adminPage.getByRole('menuitem', { name: 'Calendar' }).click();
    await adminPage.getByRole('heading', { name: 'Trading calendar' }).waitFor();
    await adminPage.locator('.ant-table-row').first().waitFor();
    const nextYear = new Date(Date.now() + 330 * 60_000).getUTCFullYear() + 1;
    await adminPage.getByLabel('Date (IST)').fill(`${nextYear}-01-26`);
    await adminPage.getByLabel('Date (IST)').press('Enter');
    await adminPage.getByLabel('Description (the circular)').fill('Republic Day (NSE holiday list)');
    await adminPage.getByRole('button', { name: 'Review addition' }).click();
    await adminPage.locator('.ant-modal').getByRole('button', { name: 'Add to the calendar' }).click();
    await adminPage.getByText(`Added holiday on ${nextYear}-01-26`).waitFor();
    await adminPage.getByLabel('Year', { exact: true }).click();
    await adminPage.locator('.ant-select-item-option', { hasText: String(nextYear) }).click();
    await adminPage.locator('.ant-table-row', { hasText: 'Republic Day' }).waitFor();
    await shot(adminPage, '18-calendar');

    // The dashboard after it all (a fresh load: it refreshes itself every 30 seconds otherwise).
    await adminPage.getByRole('menuitem', { name: 'Dashboard' }).click();
    await adminPage.reload();
    await adminPage.getByText('Withdrawals paid today').waitFor();
    await adminPage.getByText('1 entry · kinds withdrawal_paid').waitFor();
    await shot(adminPage, '19-dashboard-after', { fullPage: true });
  } catch (error) {
    if (current)
      await current.screenshot({ path: path.join(screenshotDir, 'review-failure.png'), fullPage: true });
    throw error;
  } finally {
    await browser.close();
  }
  return problems;
}

const server = await startServer(
  { NIVESH_FEED: 'none', NIVESH_DEMO_SESSION: '', NIVESH_SEED_DEMO: 'true' },
  { beforeStart: createStaffMembers },
);
const baseUrl = server.baseUrl;
const call = apiCaller(baseUrl);
let exitCode = 0;
try {
  const problems = await journey();
  for (const problem of problems) console.log(problem);
  console.log(`review journey done, ${problems.length} browser problems, screenshots in ${screenshotDir}`);
  if (problems.length > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
