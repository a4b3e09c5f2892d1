// The back office as two finance members, in Debian Chromium at 1440 x 900 against the real server
// with a fresh PGlite database (docs/adr/0027 and docs/adr/0032):
//  1. one member changes the payee account of the "Bank transfer (demo)" deposit channel; it waits
//     in Approvals, and the other member approves it there;
//  2. a bank statement is uploaded and matched to three pending deposits, approved in bulk;
//  3. two more deposits are approved in bulk from the deposit queue (selected, one reason), and a
//     withdrawal is paid in bulk: exported in the bank's bulk payment file by one member, its UTR
//     recorded from the next statement's debits by the other;
//  4. after the close the day's report (docs/adr/0033) holds the deposits and the payouts: a finance
//     member reads it on Daily reports and downloads its CSV.
//
// The server's wall clock is moved by shift-clock.mjs: parts 1 to 3 on Wednesday 2026-11-25 at
// 10:30 IST, then the server is started again on the same data folder at 16:00 IST, after the 15:30
// close, and its engine makes the day's report it missed (as it does after any start). No wait on a
// close, and no test hook in the server.
//
//   node apps/web/e2e/back-office-finance-journey.mjs   (JOURNEY_NO_BUILD=1 reuses the builds)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/back-office-finance-journey/.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { DEMO_INVESTOR, png, runJourney, signInStaff } from './journey-kit.mjs';
import { registerInvestor, repositoryRoot } from './server.mjs';

const FINANCE = ['finance1', 'finance2'];

/** The server's wall clock on the journey's day (IST = UTC + 5:30): before and after the close. */
const WEDNESDAY_10_30_IST = Date.UTC(2026, 10, 25, 5, 0);
const WEDNESDAY_16_00_IST = Date.UTC(2026, 10, 25, 10, 30);
const TRADE_DATE = '2026-11-25';
/** The demo investor's opening cash, credited by the seed as an approved deposit (DEMO_CASH_PAISE of the demo seed). */
const DEMO_SEED_CASH_PAISE = 50_000_000n;

/** The sum of API amounts ("1234.50") and `startPaise`, in paise as bigint, as a decimal string. */
function sumAmounts(amounts, startPaise = 0n) {
  const paise = amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), startPaise);
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

/** Two finance members made with the CLI before the server opens its data folder (as createSecondAdmin). */
function createFinanceMembers(env) {
  for (const username of FINANCE) {
    const made = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/create-staff.ts',
        '--username',
        username,
        '--name',
        `Finance ${username.slice(-1)}`,
        '--roles',
        'finance',
      ],
      { cwd: repositoryRoot, env: { ...env, NIVESH_STAFF_PASSWORD: 'Admin@2026!' }, stdio: 'inherit' },
    );
    if (made.status !== 0) throw new Error(`staff:create of ${username} failed`);
  }
}

const options = {
  console: true,
  server: { NIVESH_FEED: 'none' },
  timeout: 30_000,
  beforeStart: createFinanceMembers,
  atMs: WEDNESDAY_10_30_IST,
};

await runJourney('back-office-finance', options, async (journey) => {
  const { base, call, step, snapOf, openConsole, serverNowMs } = journey;
  const admin = await signInStaff(call, { nowMs: serverNowMs });
  const [first, second] = [
    await signInStaff(call, { username: FINANCE[0], nowMs: serverNowMs }),
    await signInStaff(call, { username: FINANCE[1], nowMs: serverNowMs }),
  ];
  step('the admin and two finance members signed in with TOTP');

  // Five investors, verified by the admin (compliance work), each with a pending deposit on the demo
  // UPI channel, all by API: the journey is about the staff side.
  let phoneNumber = 9_123_450_000;
  let utrNumber = 612_345_678_900;
  async function investorWithDeposit(name, amount) {
    const phone = String(phoneNumber++);
    const session = await registerInvestor(base, { phone, password: 'Journey@2026' });
    const asInvestor = { token: session.token, account: session.account };
    const upload = async (purpose, buffer, fileName) => {
      const form = new FormData();
      form.append('file', new Blob([buffer], { type: 'image/png' }), fileName);
      const response = await fetch(`${base}/api/vue/upload/file?purpose=${purpose}`, {
        method: 'POST',
        headers: asInvestor,
        body: form,
      });
      const envelope = await response.json();
      if (envelope.status !== 1) throw new Error(`upload: ${JSON.stringify(envelope)}`);
      return envelope.data.uploadId;
    };
    await call(
      'vue',
      'user/authSubmit',
      {
        realName: name,
        idType: 'pan',
        idNumber: `ABCDE${String(phoneNumber).slice(-4)}F`,
        frontImage: await upload('kyc', png(320, 200, [40, 90, 200]), 'front.png'),
        backImage: await upload('kyc', png(320, 200, [200, 120, 40]), 'back.png'),
      },
      asInvestor,
    );
    await admin.approve('kyc', phone);
    const card = await call(
      'vue',
      'bank/add',
      { holderName: name, accountNumber: `5010${String(phoneNumber).slice(-8)}`, ifsc: 'SBIN0001234' },
      asInvestor,
    );
    const channels = await call('vue', 'recharge/channels', {}, asInvestor);
    const upi = channels.items.find((channel) => channel.kind === 'upi');
    const utr = String(utrNumber++);
    const deposit = await call(
      'vue',
      'recharge/submit',
      {
        channelId: upi.id,
        amount,
        payerReference: utr,
        receiptImage: await upload('receipt', png(300, 400, [30, 160, 90]), 'receipt.png'),
        sourceId: card.id,
      },
      asInvestor,
    );
    return { phone, utr, id: deposit.id, name, amount };
  }
  const matched = [
    await investorWithDeposit('Asha Verma', '12500.00'),
    await investorWithDeposit('Ravi Kumar', '25000.50'),
    await investorWithDeposit('Meera Iyer', '40000.00'),
  ];
  const queued = [
    await investorWithDeposit('Kiran Shah', '1500.00'),
    await investorWithDeposit('Dev Patel', '2500.00'),
  ];
  step('five investors verified, each with a pending UPI deposit');

  // The demo investor, whose bank account is past its cooling-off, asks for a withdrawal (one fund
  // operation at a time per investor; the new investors' accounts are in their cooling-off day).
  const demo = await call('vue', 'user/login', {
    account: DEMO_INVESTOR.phone,
    password: DEMO_INVESTOR.password,
  });
  const asDemo = { token: demo.token, account: DEMO_INVESTOR.phone };
  const { items: demoBanks } = await call('vue', 'bank/list', {}, asDemo);
  const withdrawals = [];
  for (const amount of ['7500']) {
    withdrawals.push(
      await call(
        'vue',
        'cashout/submit',
        { amount, destinationId: demoBanks[0].id, fundPassword: DEMO_INVESTOR.fundPassword },
        asDemo,
      ),
    );
  }
  step(`the demo investor asked for a withdrawal of ₹7,500 (withdrawal ${withdrawals[0].id})`);

  // 1. A payee change by one finance member, approved by the other.
  const maker = await openConsole(first, '/parameters');
  const snapMaker = snapOf(maker);
  await maker.getByRole('tab', { name: 'Deposit channels' }).click();
  await maker.getByRole('button', { name: 'Edit Bank transfer (demo)' }).click();
  const drawer = maker.locator('.ant-drawer');
  // The drawer fills its form with the channel after it opens: typing before that would be overwritten.
  const accountNumber = drawer.getByLabel('Account number');
  for (let tries = 0; (await accountNumber.inputValue()) === '' && tries < 60; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await accountNumber.fill('918020012345678');
  await drawer.getByLabel('Reason').fill('the collection account moved to the Fort branch');
  await snapMaker('payee-change-requested-form');
  await drawer.getByRole('button', { name: 'Save channel' }).click();
  // The request is stored when the channel lists it as pending (a loaded machine answers late).
  for (let tries = 0; ; tries += 1) {
    const { items } = await first.call('depositChannels/list', {});
    if (items.some((item) => item.channel.name === 'Bank transfer (demo)' && item.pendingPayeeChange)) break;
    if (tries > 60) throw new Error('the payee change request was not stored');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  step(`${FINANCE[0]} asked to change the payee account of "Bank transfer (demo)"`);

  const checker = await openConsole(second, '/approvals');
  const snapChecker = snapOf(checker);
  const target = checker.getByText(/Bank transfer \(demo\)/).first();
  await target.waitFor();
  await snapChecker('approvals-payee-change-waiting');
  await checker
    .getByRole('textbox', { name: /Reason for .*Bank transfer/ })
    .fill('checked against the bank letter');
  await checker.getByRole('button', { name: 'Approve', exact: true }).first().click();
  await checker.getByRole('button', { name: 'Approve and apply' }).click();
  await checker.getByText(/Approved and applied/).waitFor();
  await snapChecker('approvals-payee-change-approved');
  const channels = await second.call('depositChannels/list', {});
  const bank = channels.items.find((item) => item.channel.name === 'Bank transfer (demo)');
  if (bank.channel.details.accountNumber !== '918020012345678' || bank.pendingPayeeChange !== null) {
    throw new Error(`the payee change did not apply: ${JSON.stringify(bank.channel.details)}`);
  }
  step(`${FINANCE[1]} approved it in Approvals; the channel shows the new account`);

  // 2. The bank statement: HDFC's columns, then the CSV, matched to the three deposits.
  await first.call('bankStatements/saveMapping', {
    bankName: 'HDFC Bank',
    date: 'Date',
    narration: 'Narration',
    reference: 'Chq./Ref.No.',
    debit: 'Withdrawal Amt.',
    credit: 'Deposit Amt.',
    balance: 'Closing Balance',
    reason: 'the collection account is at HDFC',
  });
  const rupees = (amount) => {
    const [whole, fraction] = amount.split('.');
    const lastThree = whole.slice(-3);
    const rest = whole.slice(0, -3);
    return `${rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},` : ''}${lastThree}.${fraction}`;
  };
  const statement = [
    'HDFC BANK Ltd.,,,,,,',
    'Account No :,50200012345678,,,,,',
    '',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    '********,,,,,,',
    ...matched.map(
      (deposit, index) =>
        `0${index + 1}/04/26,UPI-${deposit.name.toUpperCase()}-${deposit.utr},0000${deposit.utr},0${index + 1}/04/26,,"${rupees(deposit.amount)}","${rupees(deposit.amount)}"`,
    ),
    '04/04/26,UPI-UNKNOWN PAYER,0000799999999999,04/04/26,,"9,999.00","9,999.00"',
    '********,,,,,,',
    'STATEMENT SUMMARY :-,,,,,,',
  ].join('\r\n');
  const bankPage = await openConsole(first, '/bank');
  const snapBank = snapOf(bankPage);
  await bankPage.getByLabel('Bank', { exact: true }).click();
  await bankPage.getByTitle('HDFC Bank').click();
  await bankPage
    .getByLabel('Statement CSV')
    .setInputFiles({ name: 'hdfc-april.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await bankPage.getByRole('button', { name: 'Upload and match' }).click();
  await bankPage.getByText(/stored: 4 lines/).waitFor();
  await bankPage.getByText('Matched by UTR and exact amount').waitFor();
  for (const deposit of matched) await bankPage.getByText(`UTR ${deposit.utr}`).first().waitFor();
  await snapBank('statement-matched-side-by-side');
  step(
    'a statement with four credits uploaded; three matched to deposits by UTR and amount, one left unmatched',
  );

  const matchCard = bankPage.locator('.ant-card').filter({ hasText: 'Matched by UTR and exact amount' });
  await matchCard.locator('thead .ant-checkbox-input').check();
  await bankPage.getByLabel('Reason for the bulk approval').fill('matched to the HDFC statement of April');
  await bankPage.getByRole('button', { name: 'Approve selected (3)' }).click();
  await bankPage.getByRole('dialog').getByText('₹77,500.50').waitFor();
  await snapBank('statement-bulk-approval-confirm');
  await bankPage.getByRole('button', { name: 'Approve and credit' }).click();
  await bankPage.getByText('3 deposits approved and credited').waitFor();
  await snapBank('statement-bulk-approved');
  for (const deposit of matched) {
    const { items } = await first.call('deposits/list', { status: 'approved', reference: deposit.utr });
    if (items.length !== 1) throw new Error(`deposit ${deposit.id} was not approved`);
  }
  step('the three matched deposits approved in bulk and credited');

  // 3. A bulk approval in the deposit queue, with its keys hint and age column.
  const queue = await openConsole(second, '/reviews?queue=deposits');
  const snapQueue = snapOf(queue);
  await queue.getByText(/Keys:/).waitFor();
  for (const deposit of queued) await queue.getByText(deposit.utr).waitFor();
  await queue.keyboard.press('j');
  await snapQueue('deposit-queue-with-tools');
  for (const deposit of queued) await queue.getByLabel(`Select ${deposit.id}`).check();
  await queue.getByLabel('Reason for the selected items').fill('UPI credits seen on the bank statement');
  await queue.getByRole('button', { name: 'Approve selected (2)' }).click();
  await queue.getByRole('button', { name: 'Approve all' }).click();
  await queue.getByText('2 deposits decided').waitFor();
  await snapQueue('deposit-queue-bulk-approved');
  for (const deposit of queued) {
    const { items } = await second.call('deposits/list', { status: 'approved', reference: deposit.utr });
    if (items.length !== 1) throw new Error(`deposit ${deposit.id} was not approved from the queue`);
  }
  step('two deposits selected in the queue and approved in bulk with one reason');
  await queue.getByRole('tab', { name: 'Withdrawals' }).click();
  await queue.getByText(/only rejection is done in bulk/).waitFor();
  for (const withdrawal of withdrawals) await queue.getByText(`Withdrawal ${withdrawal.id}`).waitFor();
  // The tab reads its list again: the rows are dimmed until it answers (and fade back in).
  await queue.waitForFunction(() =>
    [...document.querySelectorAll('.ant-spin-container')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
  await snapQueue('withdrawal-queue-with-tools');

  // The withdrawal paid in bulk: the file for the bank's portal exported by one member; the bank's
  // next statement, whose debits name each payment reference (NVW and the withdrawal id), read back
  // by the other, which records each UTR.
  const payouts = await openConsole(first, '/bank?tab=payouts');
  const snapPayouts = snapOf(payouts);
  await payouts.getByLabel('Reason for the export').fill('the payout run of Wednesday morning');
  await payouts.getByRole('button', { name: 'Export payouts ready to pay' }).click();
  const [paymentFile] = await Promise.all([
    payouts.waitForEvent('download'),
    payouts.getByRole('dialog').getByRole('button', { name: 'Export the file' }).click(),
  ]);
  const paidAmount = sumAmounts(withdrawals.map((withdrawal) => withdrawal.net));
  await payouts.getByText(`Exported 1 payout, ₹${rupees(paidAmount)}`).waitFor();
  const paymentRows = (await readFile(await paymentFile.path(), 'utf8')).trimEnd().split(/\r?\n/);
  for (const withdrawal of withdrawals) {
    if (!paymentRows.some((row) => row.includes(`NVW${withdrawal.id}`) && row.includes(withdrawal.net))) {
      throw new Error(`withdrawal ${withdrawal.id} is not in the payment file:\n${paymentRows.join('\n')}`);
    }
  }
  await payouts.getByRole('dialog').waitFor({ state: 'hidden' });
  await snapPayouts('payouts-exported');
  step(`${FINANCE[0]} exported the payout in a bulk payment file (₹${rupees(paidAmount)})`);

  const payoutStatement = [
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    ...withdrawals.map(
      (withdrawal, index) =>
        `25/11/26,NEFT DR-HDFC0000001-DEMO INVESTOR-NVW${withdrawal.id},HDFCN2611250000${index + 1},25/11/26,"${rupees(withdrawal.net)}",,"1,00,000.00"`,
    ),
  ].join('\r\n');
  const { items: mappings } = await second.call('bankStatements/mappings', {});
  const uploaded = await second.call('bankStatements/upload', {
    mappingId: mappings.find((mapping) => mapping.bankName === 'HDFC Bank').id,
    fileName: 'hdfc-payouts.csv',
    text: payoutStatement,
  });
  const recorder = await openConsole(second, '/bank?tab=payouts');
  const snapRecorder = snapOf(recorder);
  await recorder.getByLabel('Statement', { exact: true }).click();
  await recorder.getByTitle(new RegExp(`^${uploaded.id}: HDFC Bank`)).click();
  await recorder
    .getByLabel('Reason for recording the payouts')
    .fill('debits on the HDFC statement of 25 Nov');
  await recorder.getByRole('button', { name: 'Record payouts' }).click();
  await recorder.getByRole('dialog').getByRole('button', { name: 'Record as paid' }).click();
  await recorder.getByText('1 payout recorded as paid').waitFor();
  await recorder.getByRole('dialog').waitFor({ state: 'hidden' });
  await snapRecorder('payouts-recorded-from-statement');
  for (const [index, withdrawal] of withdrawals.entries()) {
    const { items } = await second.call('withdrawals/list', {
      status: 'approved',
      reference: `HDFCN2611250000${index + 1}`,
    });
    if (items.length !== 1 || items[0].id !== withdrawal.id)
      throw new Error(`withdrawal ${withdrawal.id} was not paid`);
  }
  step(`${FINANCE[1]} recorded the payout as paid from the statement's debit, with its UTR`);

  // 4. The day's report. The server starts again after the close; its engine makes the report it
  // missed, which a finance member reads on Daily reports and downloads as CSV. Its funds received
  // are the day's approved deposits: the five of this journey and the demo investor's ₹5,00,000,
  // which the seed credits as an approved deposit at the first start (this morning). Summed here in
  // paise, as the ledger holds them.
  const approvedAmount = sumAmounts(
    [...matched, ...queued].map((deposit) => deposit.amount),
    DEMO_SEED_CASH_PAISE,
  );
  const approvedEntries = matched.length + queued.length + 1;
  const later = await journey.nextServer({ atMs: WEDNESDAY_16_00_IST });
  const reader = await signInStaff(later.call, {
    username: FINANCE[0],
    secret: first.secret,
    nowMs: serverNowMs,
  });
  let report;
  for (let tries = 0; !report; tries += 1) {
    const { items } = await reader.call('dailyReports/list', {});
    report = items.find((item) => item.tradeDate === TRADE_DATE);
    if (tries > 120) throw new Error(`the report of ${TRADE_DATE} was not made after the close`);
    if (!report) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  step(`after the 15:30 close the server, started again, made the report of ${TRADE_DATE}`);

  const reports = await openConsole(reader, '/reports');
  const snapReports = snapOf(reports);
  const day = reports.getByRole('row').filter({ hasText: TRADE_DATE });
  await day.getByText('reconciles').waitFor();
  await day.getByRole('cell', { name: `₹${rupees(approvedAmount)}`, exact: true }).waitFor();
  await day.getByRole('cell', { name: `₹${rupees(paidAmount)}`, exact: true }).waitFor();
  await snapReports('daily-reports-list');
  await day.getByRole('button', { name: 'Expand row' }).click();
  const detail = reports.locator('.ant-descriptions');
  const depositLine = detail.getByText(`Deposits approved (${approvedEntries}):`);
  await depositLine.waitFor();
  if (!(await depositLine.textContent()).includes(rupees(approvedAmount))) {
    throw new Error(
      `the report's deposits: ${await depositLine.textContent()}, expected ₹${rupees(approvedAmount)}`,
    );
  }
  await snapReports('daily-report-of-the-day');
  const payoutLine = detail.getByText(`Withdrawals paid (${withdrawals.length}):`);
  if (!(await payoutLine.textContent()).includes(rupees(paidAmount))) {
    throw new Error(
      `the report's payouts: ${await payoutLine.textContent()}, expected ₹${rupees(paidAmount)}`,
    );
  }
  await detail.getByText('Deposits: 0').waitFor();
  await detail.getByText('Withdrawals: 0').waitFor();
  step(
    `${FINANCE[0]} read the day's report: received ₹${rupees(approvedAmount)} of deposits, paid ₹${rupees(paidAmount)} of payouts`,
  );

  const [download] = await Promise.all([
    reports.waitForEvent('download'),
    day.getByRole('button', { name: 'CSV' }).click(),
  ]);
  if (download.suggestedFilename() !== `nivesh-eod-${TRADE_DATE}.csv`) {
    throw new Error(`the CSV is named ${download.suggestedFilename()}`);
  }
  const csv = (await readFile(await download.path(), 'utf8')).split('\n');
  // Text cells are quoted, numbers are not (the server's CSV writer).
  for (const line of [
    '"section","item","currency","value"',
    `"report","trading day","","${TRADE_DATE}"`,
    `"funds received","deposit_approved","INR",${approvedAmount}`,
    `"funds paid","withdrawal_paid","INR",${paidAmount}`,
    // What investors hold at the close: every deposit of the day less the payout (the demo
    // strategy account's capital is the house's, not a client's).
    `"client money","held","INR",${sumAmounts([approvedAmount], -BigInt(paidAmount.replace('.', '')))}`,
    '"pending reviews","Deposits","",0',
    '"pending reviews","Withdrawals","",0',
    '"reconciliation","ok","","yes"',
  ]) {
    if (!csv.includes(line)) throw new Error(`the CSV has no line "${line}":\n${csv.join('\n')}`);
  }
  // Nothing else came in or went out: one line each.
  for (const section of ['"funds received"', '"funds paid"']) {
    if (csv.filter((line) => line.startsWith(`${section},`)).length !== 1) {
      throw new Error(`the CSV has other ${section} lines:\n${csv.join('\n')}`);
    }
  }
  step("the day's CSV downloaded: the same deposits and payouts, nothing pending, the ledger reconciles");
});
