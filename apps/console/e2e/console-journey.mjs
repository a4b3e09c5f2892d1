/**
 * The console's first journey in Chromium, against the real server with a throwaway data
 * directory: sign in as the demo admin, enrol TOTP (the code is computed from the secret), reach
 * the dashboard, run reconciliation, find a user and set a credit score, change a parameter (a
 * refused window first), visit configuration, market, ledger, second approvals and the audit log,
 * sign out and sign in again with a code.
 * Screenshots go to artifacts/console/. Not part of the Vitest run.
 *
 *   npm run build -w apps/console && node apps/console/e2e/console-journey.mjs
 *
 * Environment: CONSOLE_E2E_PORT (8097), CHROMIUM_PATH (/usr/bin/chromium),
 * CONSOLE_URL to use a server that is already running instead of starting one.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { chromium } from 'playwright-core';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const screenshotDir = path.join(repositoryRoot, 'artifacts/console');
const port = Number(process.env.CONSOLE_E2E_PORT ?? 8097);
const admin = { username: 'admin', password: 'Admin@2026!' };

const totpCode = (secret) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

async function startServer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nivesh-console-e2e-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NIVESH_DATA_DIR: dataDir,
      PORT: String(port),
      NIVESH_FEED: 'none',
      LOG_LEVEL: 'warn',
      // Features, not overload: no event-loop bound on a busy test machine (docs/adr/0030).
      NIVESH_EVENT_LOOP_DELAY_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, stop };
}

async function journey(baseUrl) {
  await mkdir(screenshotDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const problems = [];
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
    });
    // A drawer or dialog is fixed to the viewport: picture the viewport, not the scrolled page.
    const shot = async (name, { fullPage = true } = {}) => {
      // Let antd's transitions (button colours, modal fade) settle before the picture.
      // The menu is sticky: from the top, a full-page picture shows it where the eye expects it.
      if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
      console.log(`screenshot ${name}.png`);
    };

    await page.goto(`${baseUrl}/console/`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await shot('01-sign-in');

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Enter your username').waitFor();
    await shot('02-sign-in-validation');

    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    await shot('03-totp-enrolment');

    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Signed in as').waitFor();
    await page.locator('.staff-badge').waitFor();
    await shot('04-dashboard');

    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    await page.locator('.reconciliation-report').waitFor();
    await shot('05-reconciliation');

    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    const resetCard = page.locator('.ant-card', { hasText: 'Issue password-reset code' });
    await resetCard.getByLabel('User ID').fill('1');
    await resetCard.getByRole('button', { name: 'Issue code' }).click();
    await resetCard.getByText('Give a reason for this action').waitFor();
    await shot('06-users-reason-required');
    await resetCard.getByLabel('Reason').fill('Investor called from the registered number');
    await resetCard.getByRole('button', { name: 'Issue code' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await shot('07-users-confirm');
    await dialog.getByRole('button', { name: 'Issue code' }).click();
    await resetCard.locator('.result-panel, .ant-alert-error').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await shot('08-users-reset-code');

    // Users: search, then the user's page (balances, statement, sessions, credit score, audit).
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('.ant-table-row').first().waitFor();
    await shot('09-users-search');
    await page.locator('.ant-table-row').first().getByRole('link').first().click();
    await page.getByRole('heading', { name: /^User \d+$/ }).waitFor();
    await page.getByText('Statement').first().waitFor();
    await page.locator('.ant-card', { hasText: 'Statement' }).locator('.ant-table-row').first().waitFor();
    await shot('10-user-page');
    const scoreCard = page.locator('.ant-card', { hasText: 'Credit score' }).last();
    await scoreCard.getByLabel('New credit score').fill('720');
    await scoreCard.getByLabel('Reason').fill('Bureau report November 2026');
    await scoreCard.getByRole('button', { name: 'Set score' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Set score' }).click();
    await scoreCard.getByText('Credit score set to 720').waitFor();
    await shot('11-user-credit-score');

    // Parameters: change one with a reason, see it and its history; then the configuration.
    await page.getByRole('menuitem', { name: 'Parameters' }).click();
    await page.getByRole('heading', { name: 'Parameters' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await shot('12-parameters');
    await page.getByRole('button', { name: 'Change withdrawal_window' }).click();
    await page.getByLabel('Starts (IST)').fill('18:00');
    await page.getByLabel('Ends (IST)').fill('09:30');
    await page
      .locator('.ant-drawer')
      .getByLabel('Reason')
      .fill('Testing a window that ends before it starts');
    await page.getByRole('button', { name: 'Review change' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Change parameter' }).click();
    await page.locator('.ant-drawer .ant-alert-error').waitFor();
    await shot('13-parameter-refused', { fullPage: false });
    await page.getByLabel('Starts (IST)').fill('10:00');
    await page.getByLabel('Ends (IST)').fill('23:00');
    await page.locator('.ant-drawer').getByLabel('Reason').fill('Bank payouts run from 10:00 to 23:00');
    await page.getByRole('button', { name: 'Review change' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Change parameter' }).click();
    await page.getByText('Saved: effective at once').waitFor();
    await page.locator('.ant-drawer .drawer-section .ant-table-row').first().waitFor();
    await shot('14-parameter-saved-with-history', { fullPage: false });
    await page.locator('.ant-drawer-close').click();
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByRole('button', { name: 'Change title' }).waitFor();
    await shot('15-configuration');

    // Market: instruments, an instrument's terms, corporate actions, feed.
    await page.getByRole('menuitem', { name: 'Market' }).click();
    await page.getByRole('heading', { name: 'Market' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await shot('16-market-instruments');
    await page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();
    await page.locator('.ant-drawer').getByLabel('Daily price band (bps)').waitFor();
    await shot('17-market-edit-instrument', { fullPage: false });
    await page.locator('.ant-drawer-close').click();
    await page.getByRole('tab', { name: 'Corporate actions' }).click();
    await page.getByText('Record a corporate action').waitFor();
    await shot('18-market-corporate-actions');
    await page.getByRole('tab', { name: 'Feed' }).click();
    await page.getByText('Switchable here').waitFor();
    await shot('19-market-feed');

    // Ledger: search, open an entry, second approvals, corrections.
    await page.getByRole('menuitem', { name: 'Ledger' }).click();
    await page.getByRole('heading', { name: 'Ledger' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await shot('20-ledger-entries');
    await page.locator('.ant-table-row').first().click();
    await page.locator('.ant-drawer').getByText('Balance after').waitFor();
    await shot('21-ledger-entry', { fullPage: false });
    // The demo deposit moved ₹5,00,000: above the second-approver threshold, so reversing it asks
    // another finance staff member instead of posting.
    await page.locator('.ant-drawer').getByLabel('Reason').fill('Demo deposit entered twice by mistake');
    await page.locator('.ant-drawer').getByRole('button', { name: 'Reverse entry' }).click();
    await page.locator('.ant-modal').getByRole('button', { name: 'Post reversal' }).click();
    await page
      .locator('.ant-drawer')
      .getByText('A reversal of this entry waits for a second approver')
      .waitFor();
    await shot('22-ledger-reversal-waits-for-second-approver', { fullPage: false });
    await page.locator('.ant-drawer-close').click();
    await page.getByRole('tab', { name: 'Second approvals' }).click();
    await page.getByText('Another staff member must decide').waitFor();
    await shot('23-ledger-second-approvals');

    // Audit log: everything above, filtered by action.
    await page.getByRole('menuitem', { name: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await shot('24-audit');
    await page.getByLabel('Action').fill('parameter');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.locator('.ant-table-row', { hasText: 'parameter.update' }).first().waitFor();
    await page.locator('.ant-table-row-expand-icon').first().click();
    await shot('25-audit-filtered');

    // Dashboard figures after all that.
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByText('Deposits today').waitFor();
    await shot('26-dashboard-figures');

    await page.getByRole('menuitem', { name: 'Reviews' }).click();
    await page.getByText('KYC submissions').waitFor();
    await page.getByText('No KYC submission in this state.').waitFor();
    await shot('27-reviews');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByLabel('Authenticator code').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await shot('28-signed-in-again-with-code');
  } catch (error) {
    await page.screenshot({ path: path.join(screenshotDir, 'failure.png'), fullPage: true });
    throw error;
  } finally {
    await browser.close();
  }
  return problems;
}

const external = process.env.CONSOLE_URL;
const server = external ? { baseUrl: external, stop: async () => {} } : await startServer();
let exitCode = 0;
try {
  const problems = await journey(server.baseUrl);
  for (const problem of problems) console.log(problem);
  console.log(`journey done, ${problems.length} browser problems, screenshots in ${screenshotDir}`);
  if (problems.length > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
