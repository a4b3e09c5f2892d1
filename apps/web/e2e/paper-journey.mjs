// Paper trading in Debian Chromium at 390 x 844 against the real server with a fresh PGlite
// database (docs/adr/0026-paper-trading.md): the demo investor opens the paper trading screen from
// the account centre, switches to paper (₹1,00,00,000 of virtual money, "Paper" above every screen),
// buys RELIANCE in paper, is refused a deposit in paper, resets the paper account after a
// confirmation, switches back to the real account (the banner goes), and sees the screen in Hindi.
//
//   node apps/web/e2e/paper-journey.mjs   (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/paper-journey/.
import { runJourney } from './journey-kit.mjs';

const options = { server: { NIVESH_SIM_TICK_MS: '1000' } };

await runJourney('paper', options, async ({ page, snap, go, step, logIn }) => {
  await logIn();
  step('demo investor logged in');

  await go('/information/index');
  await page.getByRole('link', { name: 'Paper trading' }).click();
  await page.getByText('You are trading with real money').waitFor();
  await snap('paper-screen-real');
  await page.getByRole('button', { name: 'Switch to paper trading' }).click();
  await page.getByText('You are trading in paper').waitFor();
  const banner = page.getByRole('status').filter({ hasText: 'PAPER TRADING' });
  await banner.waitFor();
  await snap('paper-screen-on');
  step('switched to paper: the banner shows');

  await go('/information/index');
  await page.getByText('₹1,00,00,000.00').first().waitFor();
  await banner.waitFor();
  await snap('account-centre-paper');
  step('the account centre shows ₹1,00,00,000 of virtual money');

  await go('/trade/index');
  await banner.waitFor();
  await page.getByPlaceholder('Search a symbol or name to buy').fill('RELIANCE');
  await page
    .getByRole('button', { name: /^RELIANCE/ })
    .first()
    .click();
  const sheet = page.getByRole('dialog', { name: 'Place an order' });
  await sheet.getByRole('form', { name: 'Order form' }).waitFor();
  await snap('buy-form-paper', false);
  await sheet.getByRole('button', { name: /^Continue/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.getByRole('button', { name: 'Place order' }).click();
  await sheet.waitFor({ state: 'detached' });
  await page.locator('.trade-item').filter({ hasText: 'RELIANCE' }).first().waitFor();
  await snap('portfolio-paper');
  step('RELIANCE bought in paper, charges shown as in the real book');

  await go('/information/recharge');
  await banner.waitFor();
  await page.getByText('Not available in paper trading', { exact: false }).first().waitFor();
  await snap('deposit-refused-in-paper', false);
  step('a deposit in paper is refused with PAPER_NOT_ALLOWED');

  await go('/information/paper');
  await page.getByRole('button', { name: 'Reset paper account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the paper account?' });
  await dialog.waitFor();
  await snap('reset-confirmation', false);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Resets so far: 1').waitFor();
  await snap('after-reset');
  await go('/trade/index');
  await banner.waitFor();
  await snap('portfolio-after-reset');
  step('reset: a fresh paper account, no positions');

  await go('/information/paper');
  await page.getByRole('button', { name: 'Back to my real account' }).click();
  await page.getByText('You are trading with real money').waitFor();
  await banner.waitFor({ state: 'detached' });
  await go('/information/index');
  await snap('account-centre-real');
  step('back to the real account: no banner');

  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await go('/information/paper');
  await page.reload();
  await page.getByRole('button', { name: 'पेपर ट्रेडिंग पर जाएँ' }).click();
  await page.getByRole('status').filter({ hasText: 'पेपर ट्रेडिंग' }).waitFor();
  await snap('paper-screen-hindi');
  step('the paper screen and banner in Hindi');
});
