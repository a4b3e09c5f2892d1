// Screenshots of the staff page and the customer view at 1440 x 900 in Debian Chromium, against the
// real server with a fresh PGlite database (docs/adr/0029-staff-administration-and-customer-view.md):
// the admin adds a support member (the password shown once), the Staff page lists them; the demo
// investor's customer view with a note and a message sent; the support member's menu.
//
//   node apps/console/e2e/staff-shots.mjs   (builds the apps first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/staff-shots-journey/.
import { DEMO_INVESTOR, runJourney, signInStaff } from '../../web/e2e/journey-kit.mjs';

const options = { console: true, server: { NIVESH_FEED: 'none' }, timeout: 30_000 };

await runJourney('staff-shots', options, async ({ call, step, snapOf, openConsole }) => {
  const admin = await signInStaff(call);
  const created = await admin.call('staff/create', {
    username: 'kavya',
    displayName: 'Kavya Rao',
    roles: ['support'],
    reason: 'joins the help desk',
  });
  step(`kavya created with a password shown once (${created.initialPassword.length} characters)`);
  const found = await admin.call('users/search', { query: DEMO_INVESTOR.phone });
  const userId = found.items[0].id;
  await admin.call('users/addNote', { userId, note: 'Called about the KYC name; asked to resubmit PAN.' });
  await admin.call('users/sendMessage', {
    userId,
    subject: 'Your KYC',
    text: 'Please upload the PAN again; the photo was blurred.',
    reason: 'investor asked on the phone',
  });

  const consolePage = await openConsole(admin, '/staff');
  const snap = snapOf(consolePage);
  await consolePage.getByText('Kavya Rao').waitFor();
  await snap('staff-page', false);
  await consolePage.getByRole('button', { name: 'Change roles' }).first().click();
  await consolePage.getByRole('dialog').waitFor();
  await snap('change-roles-dialog', false);
  await consolePage.getByRole('button', { name: 'Go back' }).click();

  await consolePage.goto(`${new URL(consolePage.url()).origin}/console/#/users/${userId}`);
  await consolePage.getByText('Notes by staff').waitFor();
  await consolePage.getByText('Called about the KYC name').waitFor();
  await snap('customer-view', false);
  await snap('customer-view-full', true);
  step('customer view shown');

  // The support member's menu: Users, no Staff, Approvals, Ledger or Audit.
  const support = await call('console', 'staff/login', {
    username: 'kavya',
    password: created.initialPassword,
  });
  const { TOTP } = await import('otpauth');
  const session = await call('console', 'staff/enrollTotp', {
    enrollmentToken: support.enrollmentToken,
    totpCode: new TOTP({ secret: support.secret }).generate(),
  });
  const supportPage = await openConsole({ headers: { 'x-staff-token': session.token } }, '/staff');
  await supportPage.getByText('Staff is not part of your roles').waitFor();
  await snapOf(supportPage)('support-menu', false);
  step('support member sees only their areas');
});
