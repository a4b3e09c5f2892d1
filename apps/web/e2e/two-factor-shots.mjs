// Two-factor sign-in in Debian Chromium at 390 x 844, in English, Hindi and Chinese, against the
// real server with a fresh PGlite database (docs/adr/0022-investor-two-factor.md): the security
// centre with the second factor off, the QR code and key, the recovery codes shown once, the
// second factor on, and the login's second step, finished with a recovery code. Each language
// registers an investor of its own. Screenshots go to artifacts/two-factor-shots/.
//
//   node apps/web/e2e/two-factor-shots.mjs        (JOURNEY_NO_BUILD=1 reuses apps/web/dist)
import path from 'node:path';
import { artifactsFolder, CHROMIUM, skipWithoutChromium, stepLog } from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, registerInvestor, startServer } from './server.mjs';

skipWithoutChromium('two-factor screenshots');
const { chromium } = await import('playwright-core');
const { TOTP, Secret } = await import('otpauth');
const artifacts = artifactsFolder('two-factor-shots', { fresh: true });
await ensureWebBuild({ force: process.env.JOURNEY_NO_BUILD !== '1' });
const { baseUrl: base, stop } = await startServer({ NIVESH_SIM_TICK_MS: '2000' });
const { step } = stepLog();
let browser;
let failed = false;
try {
  step(`server on ${base}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  for (const [index, language] of ['en', 'hi', 'zh'].entries()) {
    const phone = `98100000${10 + index}`;
    const password = 'Secure@2026';
    const session = await registerInvestor(base, { phone, password });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => console.error('page error:', error.message));
    let shot = 0;
    const snap = async (name) => {
      shot += 1;
      const file = path.join(artifacts, `${language}-${String(shot).padStart(2, '0')}-${name}.png`);
      await page.waitForTimeout(400);
      await page.screenshot({ path: file });
      step(`screenshot ${file}`);
    };
    const go = (route) => page.goto(`${base}/#${route}`);

    await go('/login/start');
    await page.evaluate(({ token, account }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('account', account);
    }, session);
    await go('/information/aboutInfo');
    await page.locator('.two-factor .button--primary').waitFor();
    await snap('security-centre-off');

    await page.locator('.two-factor .button--primary').click();
    await page.locator('.two-factor__qr').waitFor();
    await snap('enrol-qr-and-key');
    const secret = ((await page.locator('.two-factor__secret').textContent()) ?? '').replace(/\s/g, '');
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    await page.locator('.two-factor input').fill(code);
    await page.locator('.two-factor form .button--primary').click();
    await page.locator('.two-factor__codes').waitFor();
    await snap('recovery-codes-once');
    const recoveryCode = ((await page.locator('.two-factor__codes code').first().textContent()) ?? '').trim();

    await page.locator('.two-factor .button--primary').click();
    await page.locator('.two-factor__state--on').waitFor();
    await snap('security-centre-on');

    // Signed out, the password alone leads to the second step.
    await page.evaluate(() => {
      localStorage.removeItem('token');
    });
    await go('/login/login');
    await page.locator('input[type="tel"]').fill(phone);
    await page.locator('input[type="password"]').fill(password);
    await page.locator('form .button--primary').click();
    await page.locator('input[autocomplete="one-time-code"]').waitFor();
    await snap('login-second-step');
    await page.locator('input[autocomplete="one-time-code"]').fill(recoveryCode);
    await page.locator('form .button--primary').click();
    await page.waitForFunction(() => localStorage.getItem('token'));
    await page.waitForURL(/#\/home\/index/);
    await snap('signed-in-with-recovery-code');
    await context.close();
  }
  console.log('two-factor screenshots passed');
} catch (error) {
  failed = true;
  console.error('two-factor screenshots FAILED:', error);
} finally {
  await browser?.close();
  await stop();
}
process.exitCode = failed ? 1 : 0;
