// The funds journey in Debian Chromium at 390 x 844 against the real server with a fresh PGlite
// database: an investor verifies their identity with photos, staff approve it through the console
// API, the investor adds a bank card, a deposit through the demo UPI channel with its receipt is
// approved, a withdrawal is requested and paid, the fund records show each step, rupees are exchanged
// into a USD account and the account centre switches to it.
//
//   node apps/web/e2e/funds-journey.mjs        (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/funds-journey/.
import { createSecondAdmin, png, runJourney, SECOND_ADMIN, signInStaff } from './journey-kit.mjs';
import { registerInvestor } from './server.mjs';

const options = {
  server: { NIVESH_SIM_TICK_MS: '2000' },
  timeout: 30_000,
  beforeStart: createSecondAdmin,
};

await runJourney('funds', options, async ({ base, call, page, snap, go, step, signIn }) => {
  // Staff: the seeded admin signs in, enrolling TOTP on the first sign-in.
  const staff = await signInStaff(call);
  const checker = await signInStaff(call, { username: SECOND_ADMIN });
  // The journey runs at any hour of any day: open the withdrawal window and drop the cooling-off.
  for (const [name, value] of [
    ['payout_destination_cooling_off_hours', 0],
    ['withdrawal_working_days_only', false],
    ['withdrawal_window', { start: '00:00', end: '24:00' }],
    ['withdrawal_fee_fixed', '10.00'],
  ]) {
    const saved = await staff.call('parameters/update', {
      name,
      value,
      reason: 'funds journey: any hour, no cooling-off',
    });
    // A money parameter (the fee) waits for a second staff member (ADR 0027).
    if (saved.pendingChange) {
      await checker.call('approvals/decide', {
        id: saved.pendingChange.requestId,
        approve: true,
        reason: 'funds journey: checked',
      });
    }
  }
  step('staff signed in with TOTP; settings opened for the journey');

  // The investor registers and sets a fund password through the API (those screens are elsewhere).
  const phone = '9123456780';
  const session = await registerInvestor(base, { phone, password: 'Journey@2026' });
  const asInvestor = { token: session.token, account: session.account };
  await call(
    'vue',
    'user/setFundPassword',
    { loginPassword: 'Journey@2026', newPassword: 'Fund@2026', confirmPassword: 'Fund@2026' },
    asInvestor,
  );

  await signIn(session);

  // KYC: refused empty, then filled with both photos.
  await go('/information/authInfo');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await page.getByText('Upload the front of your ID').waitFor();
  await snap('kyc-empty-refused');
  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('ID number').fill('ABCDE1234F');
  await page
    .getByLabel('Front of ID')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png(320, 200, [40, 90, 200]) });
  await page
    .getByLabel('Back of ID')
    .setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png(320, 200, [200, 120, 40]) });
  await page.getByText('Uploaded').nth(1).waitFor();
  await snap('kyc-filled');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await page.getByText('We are checking your documents').waitFor();
  await snap('kyc-under-review');
  step('KYC submitted with two photos; under review');

  const kyc = await staff.pending('kyc', phone);
  const front = await fetch(`${base}/api/console/uploads/${kyc.frontImage}`, { headers: staff.headers });
  if (front.status !== 200 || !String(front.headers.get('content-type')).startsWith('image/')) {
    throw new Error(`staff could not read the KYC photo: ${front.status}`);
  }
  await staff.call('kyc/approve', { id: kyc.id });
  await page.reload();
  await page.getByText('Your identity is verified').waitFor();
  await snap('kyc-verified');
  step('staff read the photo and approved the KYC');

  // Bank card: the holder is the KYC name.
  await go('/information/addBankCard');
  await page.getByText('Asha Rao').waitFor();
  await page.getByLabel('Account number', { exact: true }).fill('123456789012');
  await page.getByLabel('Confirm account number').fill('123456789012');
  await page.getByLabel('IFSC').fill('sbin0001234');
  await snap('bank-card-form');
  await page.getByRole('button', { name: 'Add account' }).click();
  await page.getByText('XXXX9012').waitFor();
  await snap('bank-list');
  step('bank card added');

  // The investor deposits through the demo UPI channel with a receipt (a new channel's payee details
  // need a second staff member, ADR 0027, so the journey uses the seeded one).
  await go('/information/recharge');
  await page.getByText('UPI (demo)').click();
  await page.getByRole('img', { name: /QR code/ }).waitFor();
  await snap('recharge-channel');
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await page.getByText('Upload the payment receipt first').waitFor();
  await page.getByLabel('Amount (INR)').fill('25000');
  await page.getByLabel('UTR (payment reference)').fill('412345678901');
  await page
    .getByLabel('Payment receipt')
    .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png(300, 400, [30, 160, 90]) });
  await page.getByText('Uploaded').waitFor();
  await snap('deposit-filled');
  await page.getByRole('button', { name: 'Submit deposit' }).click();
  await page.getByText('Deposit under review').waitFor();
  await snap('deposit-pending');
  step('deposit of 25,000.00 submitted with a receipt; pending');

  await staff.approve('deposits', phone);
  step('staff approved the deposit');

  // Withdrawal: the quote shows the fee before confirming.
  await go('/information/cashOut');
  await page.getByText('INR 25,000.00').waitFor();
  await snap('cashout-empty');
  await page.getByLabel('Amount (INR)').fill('5000');
  await page.getByLabel('Fund password').fill('Fund@2026');
  await page.getByText('You receive').waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog').getByText('4,990.00').waitFor();
  await snap('cashout-confirm');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await page.getByText('Withdrawal requested').waitFor();
  await snap('cashout-requested');
  step('withdrawal of 5,000.00 requested (fee 10.00 shown before confirming)');

  await staff.approve('withdrawals', phone, { payoutReference: 'NEFT-JOURNEY-0001' });
  step('staff paid the withdrawal');

  // Fund records and the statement show each step.
  await go('/information/fundRequests?tab=recharge');
  await page.getByText('412345678901', { exact: false }).waitFor();
  await page.getByText('Approved').first().waitFor();
  await snap('records-recharge');
  await go('/information/fundRequests?tab=withdrawal');
  await page.getByText('NEFT-JOURNEY-0001', { exact: false }).waitFor();
  await snap('records-withdrawal');
  const statement = await call('vue', 'user/statement', {}, asInvestor);
  const kinds = (statement.items ?? statement.rows ?? []).map((row) => row.kind ?? row.entryKind);
  for (const kind of ['deposit_approved', 'withdrawal_requested', 'withdrawal_paid']) {
    if (!kinds.includes(kind)) throw new Error(`the statement lacks ${kind}: ${JSON.stringify(kinds)}`);
  }
  step(`statement rows: ${kinds.join(', ')}`);

  // The same screens in Hindi, and the narrowest width.
  await page.evaluate(() => localStorage.setItem('lang', 'hi'));
  await page.setViewportSize({ width: 320, height: 700 });
  await go('/information/cashOut');
  await page.reload();
  await page.getByText('निकासी योग्य').waitFor();
  await snap('cashout-hi-320');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));

  // Currency exchange into a second account, then the account centre's currency switch.
  await staff.call('exchangeRates/set', {
    from: 'INR',
    to: 'USD',
    rate: '0.012',
    spreadBps: 50,
    enabled: true,
  });
  await go('/information/exChange');
  await page.reload();
  await page.getByText('Exchange records').waitFor();
  const exchangeForm = page.getByRole('form', { name: 'Currency exchange' });
  await exchangeForm.getByLabel('From').selectOption('INR');
  await exchangeForm.getByLabel('To').selectOption('USD');
  await exchangeForm.getByLabel('Amount (INR)').fill('1000');
  await exchangeForm.getByRole('button', { name: 'Get quote' }).click();
  await exchangeForm.getByText('USD 11.94').waitFor();
  await snap('exchange');
  await exchangeForm.getByRole('button', { name: 'Confirm exchange' }).click();
  await page.locator('.record-item').filter({ hasText: 'USD' }).first().waitFor();
  await go('/information/index');
  const currencies = page.getByRole('tablist', { name: 'Currency accounts' });
  await currencies.getByRole('tab', { name: 'USD' }).click();
  await page.getByText('USD 11.94').first().waitFor();
  await snap('account-usd');
  step('₹1,000 exchanged to USD 11.94 (0.012, 0.5 % spread); the account centre switches to the USD account');
});
