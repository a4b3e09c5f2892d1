/**
 * The investor app's journeys in Debian Chromium at 390 x 844, against the real server started once
 * on a free port with a throwaway PGlite data folder (simulator feed, demo session so NSE prices move
 * at any hour): register with an invitation code, log out and log in, see the indices move, open a
 * stock and switch chart periods, add it to a watchlist, search with history, the account screens,
 * switch to Hindi, and an expired session going to the login. Screenshots of every screen go to
 * artifacts/web-journeys/ (gitignored): look at them.
 *
 *   node apps/web/e2e/journeys.mjs          (builds apps/web first when dist is missing or older)
 *
 * `npm test` runs it after Vitest (scripts/test.mjs); without /usr/bin/chromium it is skipped with a
 * message. Environment: CHROMIUM_PATH (/usr/bin/chromium), WEB_E2E_URL to use a running server.
 * Prints one line per journey and ends with `{"journeys":{"passed":n,"failed":n}}`; exits 1 on a failure.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { CHROMIUM_ARGS, ensureWebBuild, repositoryRoot, startServer } from './server.mjs';

const screenshotDir = path.join(repositoryRoot, 'artifacts/web-journeys');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INVITE_CODE = 'NIVESH2026';
const VIEWPORT = { width: 390, height: 844 };

if (!existsSync(chromiumPath)) {
  console.log(
    `web journeys skipped: no Chromium at ${chromiumPath} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );
  console.log(JSON.stringify({ journeys: { passed: 0, failed: 0, skipped: true } }));
  process.exit(0);
}

const { chromium } = await import('playwright-core');

function randomPhone() {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

async function run() {
  await ensureWebBuild();
  await mkdir(screenshotDir, { recursive: true });
  const external = process.env.WEB_E2E_URL;
  const server = external ? { baseUrl: external, stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
  const results = [];
  const account = { phone: randomPhone(), password: 'Journey2026' };

  /** A fresh context per journey; `signedIn` logs in through the API and stores the session. */
  async function journey(name, body, { signedIn = false, user = account, expectedStatuses = [] } = {}) {
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'en-IN' });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 401/.test(message.text())) {
        problems.push(`console error: ${message.text()}`);
      }
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && !expectedStatuses.includes(response.status())) {
        problems.push(`HTTP ${response.status()} for ${response.url()}`);
      }
    });
    const shot = async (label) => {
      await page.waitForTimeout(350);
      await page.screenshot({ path: path.join(screenshotDir, `${name}--${label}.png`) });
    };
    const started = Date.now();
    try {
      if (signedIn) {
        const reply = await (
          await fetch(`${server.baseUrl}/api/vue/user/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ account: user.phone, password: user.password }),
          })
        ).json();
        if (reply.status !== 1) throw new Error(`API login failed: ${JSON.stringify(reply)}`);
        await page.goto(`${server.baseUrl}/#/login/login`);
        await page.evaluate(
          ({ token, phone }) => {
            localStorage.setItem('token', token);
            localStorage.setItem('account', phone);
            localStorage.setItem('lang', 'en');
          },
          { token: reply.data.token, phone: reply.data.account },
        );
      }
      await body(page, shot, server.baseUrl);
      if (problems.length > 0) throw new Error(problems.join('\n    '));
      results.push({ name, ok: true, ms: Date.now() - started });
      console.log(`  ✓ ${name} (${Date.now() - started} ms)`);
    } catch (error) {
      await page.screenshot({ path: path.join(screenshotDir, `${name}--FAILED.png`) }).catch(() => {});
      results.push({ name, ok: false, error: String(error?.stack ?? error) });
      console.log(`  ✗ ${name}\n    ${String(error?.message ?? error)}`);
    } finally {
      await context.close();
    }
  }

  const go = (page, baseUrl, route) => page.goto(`${baseUrl}/#${route}`);

  try {
    await journey('01-register-login', async (page, shot, baseUrl) => {
      await go(page, baseUrl, '/login/register');
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Enter your invitation code').waitFor();
      await shot('register-validation');
      await page.getByLabel('Mobile number').fill(account.phone);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Confirm password').fill(account.password);
      await page.getByLabel('Invitation code').fill(INVITE_CODE);
      await page.locator('.consent__checkbox').check();
      await shot('register-filled');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/#\/home\/index/);
      await page.locator('.quote-row').first().waitFor();
      await shot('home-after-register');
      // Log out from the settings, then log in again.
      await go(page, baseUrl, '/information/setting');
      await page.getByText('Bound phone').waitFor();
      await shot('settings');
      await page.getByRole('button', { name: 'Log out' }).click();
      // Logging out asks first; the sheet's own button confirms.
      await shot('logout-confirm');
      await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(/#\/login\/login/, { timeout: 5_000 });
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel('Mobile number').fill(account.phone);
      await shot('login');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/#\/home\/index/);
      await page.locator('.quote-row').first().waitFor();
    });

    await journey(
      '02-indices-move',
      async (page, shot, baseUrl) => {
        await go(page, baseUrl, '/home/index');
        const nifty = page.getByTestId('index-price-NIFTY50');
        await nifty.waitFor();
        const first = await nifty.textContent();
        await shot('home');
        await page.waitForFunction(
          (before) => document.querySelector('[data-testid="index-price-NIFTY50"]')?.textContent !== before,
          first,
          { timeout: 20_000 },
        );
        await page.getByText('Live', { exact: true }).first().waitFor();
        await shot('home-indices-moved');
        // The market tabs, sorted by change.
        await page.getByRole('tab', { name: 'Digital currency' }).click();
        await page.locator('.quote-row').first().waitFor();
        await page.getByRole('button', { name: /Change %/ }).click();
        await page.waitForTimeout(500);
        await shot('home-crypto-by-change');
        await go(page, baseUrl, '/market/index');
        await page.locator('.quote-row').first().waitFor();
        await shot('market-index');
      },
      { signedIn: true },
    );

    await journey(
      '03-stock-chart-watchlist',
      async (page, shot, baseUrl) => {
        await go(page, baseUrl, '/home/index');
        const row = page.locator('.quote-row__main', { hasText: 'RELIANCE' });
        await page.locator('.quote-row').first().waitFor();
        await ((await row.count()) ? row.first() : page.locator('.quote-row__main').first()).click();
        await page.waitForURL(/#\/market\/stockDetail$/);
        const stored = await page.evaluate(() => localStorage.getItem('stockDetail'));
        if (!stored?.includes('symbol')) throw new Error(`stockDetail not stored: ${stored}`);
        await page.locator('.kline-chart canvas').first().waitFor();
        await page.getByText('Market depth').waitFor();
        await page.locator('.stock-detail .simulated-badge').waitFor();
        await shot('stock-timeshare');
        for (const [label, file] of [
          ['5m', 'stock-5m'],
          ['Day', 'stock-day'],
          ['Week', 'stock-week'],
          ['1Y', 'stock-1y'],
        ]) {
          const answer = page.waitForResponse((response) => response.url().endsWith('/market/candles'));
          await page.getByRole('button', { name: label, exact: true }).click();
          const reply = await (await answer).json();
          if (reply.status !== 1 || reply.data.candles.length === 0)
            throw new Error(`no candles for ${label}`);
          await shot(file);
        }
        const adjusted = page.waitForResponse((response) => response.url().endsWith('/market/candles'));
        await page.getByLabel('Adjustment').selectOption('forward');
        await adjusted;
        await page.getByLabel('Sub').selectOption('MACD');
        await shot('stock-forward-macd');
        await page.locator('.quote-fields').scrollIntoViewIfNeeded();
        await shot('stock-fields-depth');
        // Add to the watchlist, and find it on the watchlist tab.
        await page.getByRole('button', { name: 'Add to watchlist' }).click();
        await page.locator('.favorite-button--on').waitFor();
        await shot('stock-in-watchlist');
        const symbol = JSON.parse(stored).symbol;
        await go(page, baseUrl, '/market/components/optionList');
        // Kept-alive screens stay in the page, hidden: look only in the one on show.
        await page.locator('.screen-frame:not([hidden]) .quote-row', { hasText: symbol }).waitFor();
        await shot('watchlist');
        await go(page, baseUrl, '/favorite/index');
        await page.getByLabel('New watchlist name').fill('Banks');
        await page.getByRole('button', { name: 'Create' }).click();
        await page.getByRole('tab', { name: 'Banks' }).waitFor();
        await page.getByRole('tab', { name: 'Watchlist' }).click();
        await page.getByText('Select all').click();
        await shot('watchlist-edit-selected');
        // The index detail from the top bar.
        await go(page, baseUrl, '/home/index');
        await page.getByRole('button', { name: /Open NIFTY 50/ }).click();
        await page.waitForURL(/#\/market\/stockDetailzs$/);
        await page.locator('.kline-chart canvas').first().waitFor();
        await shot('index-detail');
      },
      { signedIn: true },
    );

    await journey(
      '04-search-history',
      async (page, shot, baseUrl) => {
        await go(page, baseUrl, '/favorite/search');
        await page.getByText('Stocks you open from search appear here.').waitFor();
        await page.getByLabel('Search by code or name').fill('TCS');
        const result = page.locator('.quote-row__main', { hasText: 'TCS' }).first();
        await result.waitFor();
        await shot('search-results');
        await result.click();
        await page.waitForURL(/#\/market\/stockDetail$/);
        await page.locator('.kline-chart canvas').first().waitFor();
        await go(page, baseUrl, '/favorite/search');
        await page.locator('.history-chips .chip', { hasText: 'TCS' }).waitFor();
        await shot('search-history');
      },
      { signedIn: true },
    );

    await journey(
      '05-account-screens',
      async (page, shot, baseUrl) => {
        await go(page, baseUrl, '/information/fundRecord');
        await page.getByRole('tab', { name: 'Deposit' }).waitFor();
        await page.waitForTimeout(400);
        await shot('fund-record');
        await go(page, baseUrl, '/information/loginPass');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('Enter your current password').waitFor();
        await shot('login-password-validation');
        await go(page, baseUrl, '/information/fundPass');
        await page.getByLabel('Login password (to confirm it is you)').fill(account.password);
        await page.getByLabel('New fund password').fill('246810');
        await page.getByLabel('Repeat the new password').fill('246810');
        await shot('fund-password-filled');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.waitForURL(/#\/information\/setting$/);
        await page.getByText('Change').nth(1).waitFor();
        await shot('settings-fund-password-set');
        await go(page, baseUrl, '/information/aboutUs');
        await page.locator('.document').waitFor();
        await shot('about-us');
        await go(page, baseUrl, '/information/userPri');
        await page.locator('.document').waitFor();
        await shot('privacy');
        await go(page, baseUrl, '/information/msgInfo');
        // The journey's browser is a second device after the API sign-in that made the account.
        await page.getByText('Sign-in from a new device').waitFor();
        await shot('messages');
      },
      { signedIn: true },
    );

    await journey(
      '05b-statement-rows',
      async (page, shot, baseUrl) => {
        // The seeded demo investor has a deposit on the statement.
        await go(page, baseUrl, '/information/fundRecord');
        await page.getByRole('tab', { name: 'Deposit' }).click();
        await page.locator('.record-row').first().waitFor();
        await shot('fund-record-deposit');
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Download the statement as CSV' }).click(),
        ]);
        if (!file.suggestedFilename().endsWith('.csv')) throw new Error('no CSV download');
        await go(page, baseUrl, '/information/index');
        await page.locator('.assets-card').waitFor();
        await shot('account-centre');
      },
      { signedIn: true, user: { phone: '9876543210', password: 'Demo@2026' } },
    );

    await journey(
      '06-hindi',
      async (page, shot, baseUrl) => {
        await go(page, baseUrl, '/information/changeLang');
        await page.getByRole('radio', { name: 'हिन्दी' }).click();
        await go(page, baseUrl, '/home/index');
        await page.getByRole('tab', { name: 'सूचीबद्ध' }).waitFor();
        await page.getByText('सिम्युलेटेड', { exact: false }).first().waitFor();
        await page.locator('.quote-row').first().waitFor();
        await shot('home-hi');
        await page.locator('.quote-row__main').first().click();
        await page.getByText('मार्केट डेप्थ').waitFor();
        await page.locator('.kline-chart canvas').first().waitFor();
        await shot('stock-hi');
        await go(page, baseUrl, '/information/setting');
        await page.getByText('जुड़ा फ़ोन नंबर').waitFor();
        await shot('settings-hi');
      },
      { signedIn: true },
    );

    await journey(
      '07-expired-session',
      async (page, shot, baseUrl) => {
        await page.evaluate(() => localStorage.setItem('token', 'expired-or-revoked-session-token'));
        await go(page, baseUrl, '/information/index');
        await page.waitForURL(/#\/login\/login$/, { timeout: 8_000 });
        await page.getByRole('button', { name: 'Log in' }).waitFor();
        const token = await page.evaluate(() => localStorage.getItem('token'));
        if (token) throw new Error('the expired token was kept');
        await shot('login-after-401');
      },
      { signedIn: true, expectedStatuses: [401] },
    );
  } finally {
    await browser.close();
    await server.stop();
  }

  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  console.log(`screenshots in ${path.relative(repositoryRoot, screenshotDir)}/`);
  console.log(JSON.stringify({ journeys: { passed, failed } }));
  return failed === 0;
}

const ok = await run().catch((error) => {
  console.error(error);
  console.log(JSON.stringify({ journeys: { passed: 0, failed: 1 } }));
  return false;
});
process.exit(ok ? 0 : 1);
