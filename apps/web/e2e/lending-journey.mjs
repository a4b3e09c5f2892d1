// The securities-lending journey in Debian Chromium against the real server with a fresh PGlite
// database: the demo investor buys two unlevered holdings (through the API), opens the lending
// screen (/home/lending) at 390 x 844, picks a holding, sees the value, rate, expected fee and term
// end, lends part of it for 14 days, sees the record in progress and the screen in Hindi; then the
// seeded admin opens the console's lending page (pool per symbol, lendings) at 1280 x 900.
//
//   node apps/web/e2e/lending-journey.mjs   (builds apps/web and apps/console first;
//                                            JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/lending-journey/.
import { DEMO_INVESTOR, openWhenPriced, runJourney, signInStaff } from './journey-kit.mjs';

const options = { console: true, server: { NIVESH_SIM_TICK_MS: '1000' } };

await runJourney('lending', options, async ({ call, page, snap, snapOf, go, step, signIn, openConsole }) => {
  const session = await call('vue', 'user/login', {
    account: DEMO_INVESTOR.phone,
    password: DEMO_INVESTOR.password,
  });
  const asInvestor = { token: session.token, account: session.account };
  const positionIds = {};
  for (const [symbol, quantity] of [
    ['RELIANCE', 40],
    ['TCS', 10],
  ]) {
    positionIds[symbol] = (
      await openWhenPriced(
        call,
        { symbol, side: 'long', orderType: 'market', quantity, leverage: 1 },
        asInvestor,
      )
    ).id;
  }
  step('demo investor holds RELIANCE × 40 and TCS × 10, unlevered');
  const staff = await signInStaff(call);
  await staff.call('lending/setInstrumentLending', {
    symbol: 'RELIANCE',
    enabled: true,
    reason: 'journey: pool-backed shorts',
  });
  await signIn(session);

  await go('/home/lending');
  await page.getByRole('button', { name: 'Lend RELIANCE' }).waitFor();
  await snap('lending-holdings');
  await page.getByRole('button', { name: 'Lend RELIANCE' }).click();
  await page.getByLabel('Shares to lend (up to 40)').fill('25');
  await page.getByRole('button', { name: '14 days' }).click();
  await page.getByText('Expected fee').waitFor();
  await snap('lending-form', false);
  step('the form shows the value, rate, expected fee and term end');
  await page.getByRole('button', { name: 'Confirm lending' }).click();
  await page.getByRole('tab', { name: 'Lending records', selected: true }).waitFor();
  await page.locator('.lending-record').first().waitFor();
  await snap('lending-records');
  step('lent 25 RELIANCE for 14 days; the record is in progress');
  await page.getByRole('tab', { name: 'Lend shares' }).click();
  await page.getByText(/^Lent until/).waitFor();
  await snap('lending-holdings-lent');
  await go(`/trade/positionDetail?id=${positionIds.RELIANCE}`);
  await page.getByRole('note').filter({ hasText: 'lent out until' }).waitFor();
  if ((await page.getByRole('button', { name: 'Close position' }).count()) > 0) {
    throw new Error('a lent holding offers a close button');
  }
  // The lending's toast (2 s) has gone; the note sits where the close button would be, at the end.
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });
  await page.getByRole('note').scrollIntoViewIfNeeded();
  await snap('position-lent', false);
  step('the lent holding says so and offers no close');
  await go('/home/lending');
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.reload();
  await page.getByText('उधार देने योग्य आपकी होल्डिंग').waitFor();
  await snap('lending-hi');
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.reload();
  await page.getByText('可出借的持仓').waitFor();
  await snap('lending-zh');
  step('the screen in Hindi and Chinese');

  const consolePage = await openConsole(staff, '/lending', { width: 1280, height: 900 });
  const snapConsole = snapOf(consolePage);
  await consolePage.getByText('Pool per symbol').waitFor();
  await consolePage.getByRole('switch', { name: 'Only pool-backed or lent' }).click();
  await consolePage.getByText('#1 · RELIANCE × 25').waitFor();
  await snapConsole('console-lending');
  step('the console shows the pool per symbol and the lending');
});
