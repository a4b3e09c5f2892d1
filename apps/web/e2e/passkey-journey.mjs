// Passkeys in Debian Chromium at 390 x 844, in English and Hindi, against the real server with a
// fresh PGlite database (docs/adr/0028-passkeys.md). The DevTools protocol's virtual authenticator
// (CTAP2, internal transport, resident keys, user verification) stands in for a phone's screen
// lock: the investor adds a passkey in the security centre (named, confirmed with the fund
// password), signs out, and signs in with the password and then "Use a passkey". The page is
// opened at localhost, since WebAuthn refuses an IP address as the relying party's id.
// Screenshots go to artifacts/passkey-journey/.
//
//   node apps/web/e2e/passkey-journey.mjs        (JOURNEY_NO_BUILD=1 reuses apps/web/dist)
import path from 'node:path';
import { artifactsFolder, CHROMIUM, skipWithoutChromium, stepLog } from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, registerInvestor, startServer } from './server.mjs';

skipWithoutChromium('passkey journey');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('passkey-journey', { fresh: true });
await ensureWebBuild({ force: process.env.JOURNEY_NO_BUILD !== '1' });
const { baseUrl, stop } = await startServer({ NIVESH_SIM_TICK_MS: '2000' });
const base = baseUrl.replace('127.0.0.1', 'localhost');
const { step } = stepLog();
const FUND_PASSWORD = 'Fund@2026x';
let browser;
let failed = false;

async function api(pathName, body, headers = {}) {
  const reply = await (
    await fetch(`${base}/api/vue/${pathName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  ).json();
  if (reply.status !== 1) throw new Error(`${pathName}: ${JSON.stringify(reply)}`);
  return reply.data;
}

try {
  step(`server on ${base}`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  for (const [index, language] of ['en', 'hi'].entries()) {
    const phone = `98200000${10 + index}`;
    const password = 'Secure@2026';
    const session = await registerInvestor(base, { phone, password });
    const headers = { token: session.token, account: session.account };
    await api(
      'user/setFundPassword',
      { loginPassword: password, newPassword: FUND_PASSWORD, confirmPassword: FUND_PASSWORD },
      headers,
    );
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (error) => console.error('page error:', error.message));
    // The virtual authenticator: what a phone's platform authenticator does, with the user verified.
    const devtools = await context.newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    const { authenticatorId } = await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
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
    const card = page.locator('section[aria-labelledby="passkeys-title"]');
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    await snap('security-centre-no-passkey');

    await card.locator('#passkey-name').fill(language === 'hi' ? 'मेरा फ़ोन' : 'My phone');
    await card.locator('#passkey-proof').fill(FUND_PASSWORD);
    await card.locator('.button--primary').click();
    await card.locator('.passkeys__item').waitFor();
    await card.scrollIntoViewIfNeeded();
    await snap('passkey-added');
    const { credentials } = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    if (credentials.length !== 1) throw new Error(`expected one credential, found ${credentials.length}`);

    // Signed out, the password leads to the second step, answered with the passkey.
    await page.evaluate(() => localStorage.removeItem('token'));
    await go('/login/login');
    await page.locator('input[type="tel"]').fill(phone);
    await page.locator('input[type="password"]').fill(password);
    await page.locator('form .button--primary').click();
    const usePasskey = page.getByRole('button', {
      name: language === 'hi' ? 'पासकी का उपयोग करें' : 'Use a passkey',
    });
    await usePasskey.waitFor();
    await snap('login-second-step');
    await usePasskey.click();
    await page.waitForFunction(() => localStorage.getItem('token'));
    await page.waitForURL(/#\/home\/index/);
    await snap('signed-in-with-passkey');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const { passkeys } = await api('user/passkeyList', {}, { token, account: phone });
    if (passkeys[0]?.lastUsedAt === null) throw new Error('the passkey was not recorded as used');
    const after = await devtools.send('WebAuthn.getCredentials', { authenticatorId });
    step(`signed in with the passkey (sign count ${after.credentials[0].signCount})`);
    await context.close();
  }
  console.log(
    'passkey journey passed: enrolled in the security centre, signed in with password + passkey (en, hi)',
  );
} catch (error) {
  failed = true;
  console.error('passkey journey FAILED:', error);
} finally {
  await browser?.close();
  await stop();
}
process.exitCode = failed ? 1 : 0;
