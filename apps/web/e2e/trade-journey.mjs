// The trading journey in Debian Chromium at 390 x 844 against the real server with a fresh PGlite
// database: the demo investor (seeded KYC-verified with ₹5,00,000) logs in through the login
// screen, picks a stock, buys at market after seeing the margin and the charges line by line, sees the position with its
// live P&L, opens its detail, closes it after the confirmation, sees the net P&L, the statement row in
// the fund records, the Trade tab's services (opening day trading from it), the day-trading screen
// and the Trade tab in English and Hindi, and a delivery buy listed under home's Holdings tab.
//
//   node apps/web/e2e/trade-journey.mjs      (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// The equity session is opened at any hour with NIVESH_DEMO_SESSION=1. Skipped (exit 0) when
// /usr/bin/chromium is missing. Screenshots go to artifacts/trade-journey/.
import { runJourney } from './journey-kit.mjs';

// The server opens the equity session at any hour (NIVESH_DEMO_SESSION=1, server.mjs's default).
const options = { server: { NIVESH_SIM_TICK_MS: '1000' } };

await runJourney('trade', options, async ({ page, snap, go, step, logIn }) => {
  // Log in as the demo investor through the login screen.
  await logIn();
  step('demo investor logged in');

  // The portfolio: empty, then a symbol picked from the search.
  await go('/trade/index');
  await page.getByRole('tab', { name: 'In progress' }).waitFor();
  await page.getByText('No data yet').waitFor();
  await snap('portfolio-empty');
  await page.getByPlaceholder('Search a symbol or name to buy').fill('RELIANCE');
  await page
    .getByRole('button', { name: /^RELIANCE/ })
    .first()
    .click();
  const sheet = page.getByRole('dialog', { name: 'Place an order' });
  await sheet.getByRole('form', { name: 'Order form' }).waitFor();
  step('RELIANCE picked; the buy form opened');

  // Bad input first: a limit order at 0.
  await sheet.getByLabel('Order type').selectOption('limit');
  await sheet.getByLabel('Price (INR)').fill('0');
  await sheet.getByRole('button', { name: /^Continue/ }).click();
  await sheet.getByText('The price must be greater than 0').waitFor();
  await snap('buy-form-refused', false);
  step('a zero limit price is refused in the form');

  // Market, 5 lots (stepper), leverage 2 when offered; margin and fee shown, then confirmed.
  await sheet.getByLabel('Order type').selectOption('market');
  for (let i = 0; i < 4; i += 1) await sheet.getByRole('button', { name: 'Increase' }).click();
  const leverages = await sheet.getByLabel('Leverage').locator('option').allTextContents();
  if (leverages.includes('2×')) await sheet.getByLabel('Leverage').selectOption('2');
  await sheet.getByLabel('Cost of this order').waitFor();
  await snap('buy-form-market', false);
  await sheet.getByRole('button', { name: /^Continue/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.waitFor();
  // The sheet fits the phone: its title is on screen (a sheet taller than the screen once put its
  // top, what is being confirmed, above the screen where no scroll reached it).
  const titleBox = await confirm.getByRole('heading', { name: 'Confirm your order' }).boundingBox();
  if (!titleBox || titleBox.y < 0)
    throw new Error(`the confirmation's title is off screen: ${JSON.stringify(titleBox)}`);
  // The charges line by line and the net amount, from trade/estimate (ADR 0020).
  await confirm.getByRole('region', { name: 'Charges' }).getByText('Net amount you pay').waitFor();
  await snap('buy-confirm', false);
  await confirm.getByRole('button', { name: 'Place order' }).click();
  await sheet.waitFor({ state: 'detached' });
  step(`market order of 5 lots placed (leverages offered: ${leverages.join(' ')})`);

  // The position in progress, valued live.
  await page.getByRole('tab', { name: 'In progress', selected: true }).waitFor();
  const card = page.locator('.trade-item').filter({ hasText: 'RELIANCE' }).first();
  await card.waitFor();
  await page.waitForTimeout(2500);
  await snap('portfolio-holding');
  step('the position shows under In progress with its P&L');

  // Its detail, then close after the confirmation.
  await card.locator('a').click();
  await page.getByRole('button', { name: 'Close position' }).waitFor();
  await page.getByText('Original margin').waitFor();
  await snap('position-detail-holding');
  await page.getByRole('button', { name: 'Close position' }).click();
  const closeDialog = page.getByRole('dialog', { name: 'Close this position?' });
  await closeDialog.waitFor();
  await closeDialog.getByRole('region', { name: 'Charges' }).getByText('Net amount you receive').waitFor();
  await snap('close-confirm', false);
  await closeDialog.getByRole('button', { name: 'Close now' }).click();
  await page.getByText('Net profit and loss').first().waitFor();
  await page.getByText('Closed by you').waitFor();
  const net = await page.locator('.trade-detail__pnl .trade-pnl').textContent();
  await snap('position-detail-closed');
  step(`position closed; net P&L ${net}`);

  // Ended tab and the statement row in the fund records.
  await go('/trade/index?tab=ended');
  await page.locator('.trade-item').filter({ hasText: 'RELIANCE' }).first().waitFor();
  await snap('portfolio-ended');
  // The statement (fund records) opens on its trade tab: the ledger rows of the round trip.
  await go('/information/fundRecord');
  await page.locator('.record-row').first().waitFor();
  await snap('fund-records-trade');
  step('the ended tab and the trade rows of the fund records show the round trip');

  // The Trade tab (from the portfolio's tab bar): every service in one place; intraday trading opens from it.
  await go('/trade/index');
  await page.locator('.tab-bar').getByRole('link', { name: 'Trade' }).click();
  await page.getByRole('heading', { name: 'Trade', exact: true }).waitFor();
  await page.getByRole('region', { name: 'Money' }).getByRole('link', { name: 'Deposit' }).waitFor();
  await page.locator('.menu-funds__value').filter({ hasText: '₹' }).waitFor();
  await snap('trade-tab-menu');
  await page.getByRole('link', { name: 'Intraday trading' }).click();
  step('the Trade tab lists the services; intraday trading opened from it');

  // Day trading, in English and in Hindi.
  await page.getByText('Every intraday position is closed automatically at 15:20 IST').waitFor();
  await snap('day-trading');
  await page.getByRole('button', { name: 'Apply for day trading' }).click();
  await page.getByText('Under review').waitFor();
  await snap('day-trading-applied');
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.reload();
  await page.getByText('समीक्षाधीन').waitFor();
  await snap('day-trading-hi');
  await go('/home/menu');
  await page.getByRole('heading', { name: 'ट्रेड', exact: true }).waitFor();
  await page.getByRole('link', { name: 'इंट्राडे ट्रेडिंग' }).waitFor();
  await snap('trade-tab-menu-hi');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.reload();
  await page.getByRole('heading', { name: 'Trade', exact: true }).waitFor();
  step('day trading applied; rules and the Trade tab shown in English and Hindi');

  // A delivery buy (1 lot, no leverage) is a holding: home's holdings tab shows it with its P&L.
  await go('/trade/index?symbol=TCS&side=long');
  const deliverySheet = page.getByRole('dialog', { name: 'Place an order' });
  await deliverySheet.getByRole('form', { name: 'Order form' }).waitFor();
  await deliverySheet.getByLabel('Order type').selectOption('market');
  // Delivery (CNC) is the default product: leverage 1, no leverage to choose (ADR 0019).
  await deliverySheet.getByRole('button', { name: 'Delivery (CNC)' }).waitFor();
  await deliverySheet.getByRole('button', { name: /^Continue/ }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: 'Place order' })
    .click();
  await deliverySheet.waitFor({ state: 'detached' });
  await go('/home/index');
  const holding = page.locator('.holding-row').filter({ hasText: 'TCS' });
  await holding.waitFor();
  await page.locator('.holding-row__pnl').first().waitFor();
  await page.locator('.index-card__price').first().waitFor();
  await snap('home-holdings', false);
  await page.getByRole('link', { name: 'All holdings' }).click();
  await page.getByRole('tab', { name: 'Holdings', selected: true }).waitFor();
  await page.locator('.trade-item').filter({ hasText: 'TCS' }).waitFor();
  step('a delivery buy of TCS shows on home under Holdings, and "All holdings" opens the portfolio tab');
});
