// The Kite Connect v3-compatible API in Debian Chromium at 390 x 844 against the real server with a
// fresh PGlite database (docs/adr/0025-kite-compatible-transport.md): the demo investor creates an
// API app in the security centre and sees its secret once, opens the app's login link (the Kite
// login page, also in Hindi), signs in, and is sent to the app's redirect URL with a request token,
// which the official kiteconnect client exchanges for a session.
//
//   node apps/web/e2e/kite-journey.mjs   (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/kite-journey/.
import { createServer } from 'node:http';
import { KiteConnect } from 'kiteconnect';
import { DEMO_INVESTOR, runJourney } from './journey-kit.mjs';

/** The strategy's own redirect page: a local server that keeps the request token it is sent. */
const received = [];
const callback = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/callback') received.push(url);
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    '<!doctype html><title>Strategy</title><h1>Signed in: the strategy has its request token.</h1>',
  );
});
await new Promise((resolve) => callback.listen(0, '127.0.0.1', resolve));
const callbackUrl = `http://127.0.0.1:${callback.address().port}/callback`;

try {
  await runJourney('kite', {}, async ({ base, page, snap, go, step, logIn }) => {
    await logIn();
    step('demo investor logged in');

    await go('/information/aboutInfo');
    const card = page.getByRole('region', { name: 'API apps (Kite Connect)' });
    await card.getByText('No API apps yet.').waitFor();
    await snap('security-centre-no-apps');
    await card.getByLabel('App name').fill('Momentum strategy');
    await card.getByLabel('Redirect URL').fill('http://algo.example/cb');
    await card.getByRole('button', { name: 'Create app' }).click();
    await card.getByText('Enter an https address (or http on localhost)').waitFor();
    await card.getByLabel('Redirect URL').fill(callbackUrl);
    await card.getByRole('button', { name: 'Create app' }).click();
    const secretBox = page.getByTestId('api-secret');
    await secretBox.waitFor();
    await snap('secret-shown-once', false);
    const apiSecret = ((await secretBox.textContent()) ?? '').trim();
    await page.getByRole('button', { name: 'I have copied the secret' }).click();
    const loginLink = page.getByRole('link', { name: 'Login link' });
    await loginLink.waitFor();
    await snap('security-centre-app-listed');
    const href = (await loginLink.getAttribute('href')) ?? '';
    const apiKey = new URL(href).searchParams.get('api_key');
    step(`app created with key ${apiKey}; the secret was shown once`);

    await loginLink.click();
    await page.getByRole('heading', { name: 'Sign in to Nivesh' }).waitFor();
    await snap('kite-login-page', false);
    await page.getByRole('link', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'निवेश में साइन इन करें' }).waitFor();
    await snap('kite-login-page-hindi', false);
    await page.getByRole('link', { name: 'English' }).click();
    await page.getByLabel('Mobile number').fill(DEMO_INVESTOR.phone);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await snap('kite-login-wrong-password', false);
    await page.getByLabel('Password').fill(DEMO_INVESTOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/callback\?/);
    await snap('redirected-to-the-strategy', false);
    const landed = received.at(-1);
    const requestToken = landed?.searchParams.get('request_token');
    if (!requestToken || landed.searchParams.get('status') !== 'success')
      throw new Error(`no request token: ${landed}`);
    step('the login page redirected to the app with a request token');

    const kc = new KiteConnect({ api_key: apiKey, root: `${base}/kite` });
    const session = await kc.generateSession(requestToken, apiSecret);
    const profile = await kc.getProfile();
    if (profile.user_id !== session.user_id) throw new Error('the profile is not the session’s');
    step(`the official client opened a session for ${profile.user_id}`);
  });
} finally {
  callback.close();
}
