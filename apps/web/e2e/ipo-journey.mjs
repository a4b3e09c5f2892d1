// The new-shares (IPO) journey in Debian Chromium at 390 x 844 against the real server with a fresh
// PGlite database and the real clock: staff (the seeded admin, through the console API) switch new
// issues to "pay after allotment", create an issue open now whose window closes in under a minute,
// and commit the SHA-256 of a secret seed; the demo investor sees it on the home IPO tab, subscribes
// through the form, sees "Subscribed" and then "Pending draw"; staff reveal the seed and draw; the
// investor sees "Payment due", pays, replays the draw in the browser ("Verify the draw"), and once
// the listing time passes (the engine's listing job, on its own) sells the shares from positions.
//
//   node apps/web/e2e/ipo-journey.mjs      (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// Dates are relative to now, so the journey waits for the real window to close and the listing to
// come: about 90 seconds. Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to
// artifacts/ipo-journey/.
import { createHash } from 'node:crypto';
import { runJourney, signInStaff } from './journey-kit.mjs';

const until = async (what, check, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const options = {
  server: { NIVESH_SIM_TICK_MS: '1000' },
  // IPO_JOURNEY_BASE_URL runs it against a server already started (fresh data folder, demo session on).
  base: process.env.IPO_JOURNEY_BASE_URL,
};

await runJourney('ipo', options, async ({ base, call, page, snap, go, step, logIn }) => {
  // NIVESH_ADMIN_USER: an admin seeded under another name (a server started by hand and used before).
  const staff = await signInStaff(call, { username: process.env.NIVESH_ADMIN_USER });
  await staff.call('parameters/update', {
    name: 'ipo_money_mode',
    value: 'pay_after_allotment',
    reason: 'ipo journey: winners pay after allotment',
  });
  const now = Date.now();
  // A code of its own per run, so the journey can also run again against a server already started.
  const code = `NAVYA${String(now).slice(-5)}`;
  const closesAt = now + 50_000;
  const allotmentAt = closesAt + 35_000;
  const created = await staff.call('ipo/save', {
    code,
    name: 'Navya Foods Ltd',
    issueMarket: 'NSE',
    sponsor: 'Kotak Mahindra Capital',
    provisionalPrice: '20.00',
    finalPrice: '19.50',
    lotSize: 1000,
    offeredShares: 50000,
    opensAt: now - 60_000,
    closesAt,
    drawAt: closesAt,
    allotmentAt,
    listingAt: allotmentAt,
    reason: 'ipo journey: an issue open now',
  });
  const issueId = created.issue.id;
  const seed = `ipo-journey-seed-${now}`;
  const commitment = createHash('sha256').update(seed, 'utf8').digest('hex');
  await staff.call('ipo/commitSeed', {
    id: issueId,
    commitment,
    reason: 'commit before the window closes',
  });
  step(`staff created ${code} (pay after allotment) and committed the seed hash`);

  await logIn();
  const investor = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    account: localStorage.getItem('account'),
  }));
  step('demo investor logged in');

  // The home IPO tab lists the open issue.
  await go('/home/index');
  await page.getByRole('tab', { name: 'IPO' }).click();
  const card = page.locator('.new-stock-card').filter({ hasText: code });
  await card.waitFor();
  await snap('home-ipo-tab', false);
  await card.locator('a').click();

  // The issue's page: its fields, the commitment, the subscribe form.
  await page.getByRole('heading', { name: 'Subscribe' }).waitFor();
  await page.getByText(commitment).waitFor();
  await snap('issue-subscribe');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm subscription' });
  await confirm.waitFor();
  await snap('subscribe-confirm', false);
  await confirm.getByRole('button', { name: 'Subscribe' }).click();
  await page.locator('.trade-item').filter({ hasText: code }).getByText('Subscribed').waitFor();
  await snap('my-subscriptions-subscribed');
  step('subscribed to 10,000 shares through the form (nothing held in pay-after mode)');

  // Positions: the "subscription or pending" tab shows it too.
  await go('/trade/index?tab=pending');
  await page.locator('.new-stock-pending').getByText(code).waitFor();
  await snap('positions-pending-tab');

  // The window closes; staff reveal the seed and draw.
  await until('the window to close', async () => Date.now() > closesAt + 1_000, 70_000);
  await go('/home/newShareOrder');
  await page.getByText('Pending draw').first().waitFor();
  await staff.call('ipo/draw', { id: issueId, seed, reason: 'draw at the close of the window' });
  step('window closed (pending draw); staff revealed the seed and drew');

  await page.reload();
  await page.getByText('Payment due').first().waitFor();
  await snap('payment-due');
  await page.locator('.trade-item').filter({ hasText: code }).getByRole('button', { name: 'Pay' }).click();
  const payDialog = page.getByRole('dialog', { name: 'Pay for your allotment' });
  await payDialog.waitFor();
  await snap('pay-confirm', false);
  await payDialog.getByRole('button', { name: 'Pay' }).click();
  await page.locator('.trade-item').filter({ hasText: code }).locator('.tag', { hasText: 'Paid' }).waitFor();
  await snap('paid');
  step('won (undersubscribed: everyone is allotted) and paid ₹1,95,000.00');

  // Verify the draw in the browser.
  await go(`/home/newStockBuy?id=${issueId}`);
  await page.getByRole('button', { name: 'Replay the draw in this browser' }).click();
  await page.getByText('The replay gives exactly the published allotment').waitFor();
  await page.getByText("The seed's SHA-256 is the commitment").waitFor();
  await page.getByRole('heading', { name: 'Verify the draw' }).scrollIntoViewIfNeeded();
  await snap('verify-draw');
  step('replayed the draw in the browser: seed matches its commitment, allotment matches');

  // Listing: the engine turns the paid allotment into a holding on its own.
  await until(
    'the listing',
    async () => {
      const response = await fetch(`${base}/api/vue/newstock/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...investor },
        body: '{}',
      });
      const envelope = await response.json();
      return Boolean(envelope.data?.items?.[0]?.positionId);
    },
    90_000,
  );
  step('listed: the paid shares became a holding at the issue price');

  await go('/trade/index');
  const holding = page.locator('.trade-item').filter({ hasText: code }).first();
  await holding.waitFor();
  await page.waitForTimeout(2500);
  await snap('positions-holding');
  await holding.locator('a').click();
  await page.getByRole('button', { name: 'Close position' }).waitFor();
  await snap('holding-detail');
  await page.getByRole('button', { name: 'Close position' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close this position?' });
  await closeDialog.waitFor();
  await closeDialog.getByRole('button', { name: 'Close now' }).click();
  await page.getByText('Closed by you').waitFor();
  await snap('holding-sold');
  step('sold the IPO shares from positions');

  // Hindi: the subscriptions screen.
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await go('/home/newShareOrder');
  await page.reload();
  await page.getByText('भुगतान हो गया').first().waitFor();
  await snap('my-subscriptions-hi');
});
