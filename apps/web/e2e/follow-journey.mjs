// The copy-trading journey in Debian Chromium against the real server with a fresh PGlite database:
// the seeded admin creates a product through the console API and buys for its strategy account; the
// demo investor sees it on the home follow tab and /home/fllow, is refused below the minimum, invests
// after the confirmation, and sees the mirrored position and the profit on /home/qcList (English and
// Hindi). Then the console's copy-trading page and the strategy account's trading panel.
//
//   node apps/web/e2e/follow-journey.mjs     (builds apps/web and apps/console first; JOURNEY_NO_BUILD=1 skips it;
//                                              FOLLOW_JOURNEY_BASE=http://… uses a server already running)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/follow-journey/.
import { runJourney, signInStaff } from './journey-kit.mjs';

const options = {
  console: true,
  server: { NIVESH_SIM_TICK_MS: '1000' },
  // FOLLOW_JOURNEY_BASE points at a server already running (started with NIVESH_DEMO_SESSION=1).
  base: process.env.FOLLOW_JOURNEY_BASE,
};

await runJourney('follow', options, async ({ call, page, snap, snapOf, go, step, logIn, openConsole }) => {
  const staff = await signInStaff(call);
  const now = Date.now();
  const created = await staff.call('follow/create', {
    name: 'Nifty Momentum',
    description: 'Large-cap momentum: staff trade the strategy account on the live feed.',
    fundSize: '1000000.00',
    minInvestment: '10000.00',
    copyUntil: now + 6 * 3_600_000,
    endsAt: now + 3 * 86_400_000,
    reason: 'journey: launch a product',
  });
  const productId = created.product.id;
  step(`product ${productId} created and funded`);

  await logIn();
  step('demo investor logged in');

  await go('/home/index');
  await page.getByRole('tab', { name: 'Follow' }).click();
  await page.getByText('Nifty Momentum').first().waitFor();
  await snap('home-follow-tab', false);
  step('the home follow tab lists the product');

  await go('/home/fllow');
  await page.locator('.follow-screen').getByText('Nifty Momentum').first().waitFor();
  await snap('follow-list');
  await page
    .locator('.follow-screen .follow-card', { hasText: 'Nifty Momentum' })
    .locator('.follow-card__link')
    .click();
  await page.getByRole('heading', { name: 'Follow this product' }).waitFor();
  await snap('product-detail');
  await page.getByRole('heading', { name: 'Follow this product' }).scrollIntoViewIfNeeded();
  await snap('product-detail-invest-form', false);
  step('the product detail shows the terms and the invest form');

  await page.getByLabel('Amount (₹)').fill('5000');
  await page.getByRole('button', { name: 'Invest' }).click();
  await page.getByText('The minimum is ₹10,000.00').waitFor();
  await snap('invest-below-minimum', false);
  step('an amount below the minimum is refused in the form');

  await page.getByLabel('Amount (₹)').fill('50000');
  await page.getByRole('button', { name: 'Invest' }).click();
  await page.getByRole('dialog').waitFor();
  await snap('invest-confirm', false);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: 'Your follow' }).waitFor();
  step('₹50,000.00 invested after the confirmation');

  // The strategy buys; the engine mirrors it within a sweep (5% of 100 shares = 5 shares).
  await staff.call('follow/strategyOrder', {
    id: productId,
    symbol: 'RELIANCE',
    side: 'long',
    orderType: 'market',
    quantity: 100,
    leverage: 1,
  });
  step('the strategy account bought 100 RELIANCE at market');
  for (let attempt = 0; attempt < 30; attempt += 1) {
    await page.waitForTimeout(1000);
    await page.reload();
    await page.getByRole('heading', { name: 'Your follow' }).waitFor();
    if (await page.getByText(/RELIANCE · Long × 5/).count()) break;
  }
  await page.getByText(/RELIANCE · Long × 5/).waitFor();
  await snap('product-detail-mirrored');
  await page.getByRole('heading', { name: 'Your follow' }).scrollIntoViewIfNeeded();
  await snap('product-detail-your-follow', false);
  step('the mirrored position shows in the follow');

  await go('/home/qcList');
  await page.getByText('Buy amount').first().waitFor();
  await snap('my-follows');
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.reload();
  await page.getByText('निवेश राशि').first().waitFor();
  await snap('my-follows-hi');
  await go('/home/fllow');
  await page.locator('.follow-screen').getByText('Nifty Momentum').first().waitFor();
  await snap('follow-list-hi');
  step('my follows in English and Hindi');

  // The console's page, signed in with the admin's token.
  const consolePage = await openConsole(staff, '/follow');
  const snapConsole = snapOf(consolePage);
  await consolePage.getByText('Nifty Momentum').first().waitFor();
  await snapConsole('console-follow-products');
  // A first start also seeds a demo product: act on this journey's row.
  const productRow = consolePage.locator('.ant-table-row', { hasText: 'Nifty Momentum' });
  await productRow.getByRole('button', { name: 'Trade strategy' }).click();
  await consolePage.getByText('Strategy account of Nifty Momentum').waitFor();
  await consolePage.getByRole('cell', { name: 'RELIANCE' }).first().waitFor();
  await snapConsole('console-strategy-trading');
  await productRow.getByRole('button', { name: 'End now' }).click();
  const endDialog = consolePage.getByRole('dialog');
  await endDialog.getByLabel('Reason').fill('journey: end the product early');
  await snapConsole('console-end-confirm', false);
  await endDialog.getByRole('button', { name: 'End product' }).click();
  await consolePage.getByText('ended by staff').waitFor();
  await snapConsole('console-product-ended');
  step('the console ended the product');

  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await go('/home/qcList');
  await page.reload();
  await page.getByText('Returned to cash').first().waitFor();
  await snap('my-follows-ended');
  step('the follow shows as ended with what returned to cash');
});
