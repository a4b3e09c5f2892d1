// The engagement journey in Debian Chromium at 390 x 844 against the real server with a fresh
// PGlite database (docs/api.md "Engagement"): staff publish a news item in Hindi through the console API (its body
// carries a hostile script the server must strip); an investor using Hindi reads it on the home
// screen, in newsList and in newsDetail; a deposit on the demo UPI channel is approved by staff and
// arrives as a message, shown by the unread badges; the investor checks in, is refused a second time,
// and claims a reward.
//
//   node apps/web/e2e/engagement-journey.mjs        (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/engagement-journey/.
import { png, runJourney, signInStaff } from './journey-kit.mjs';
import { registerInvestor } from './server.mjs';

// The investor reads in Hindi from the first screen.
const options = { server: { NIVESH_SIM_TICK_MS: '2000' }, lang: 'hi', timeout: 30_000 };

await runJourney('engagement', options, async ({ base, call, page, snap, go, step, signIn }) => {
  // Staff: the seeded admin signs in, enrolling TOTP on the first sign-in.
  const staff = await signInStaff(call);
  step('staff signed in with TOTP');

  // Staff publish a Hindi news item; the body carries hostile markup the server strips.
  const newsTitle = 'निफ्टी ने नया रिकॉर्ड बनाया';
  await staff.call('news/save', {
    language: 'hi',
    title: newsTitle,
    coverUrl: null,
    bodyHtml:
      '<p>आज <strong>निफ्टी 50</strong> सूचकांक नए शिखर पर बंद हुआ।</p><script>window.__pwned = true</script>' +
      '<p onclick="window.__pwned = true">बैंकिंग शेयरों में सबसे अधिक तेज़ी रही।</p>' +
      '<p><a href="javascript:window.__pwned=true">यहाँ देखें</a></p>',
    publishAt: Date.now() - 60_000,
  });
  await staff.call('news/save', {
    language: 'en',
    title: 'English only story',
    coverUrl: null,
    bodyHtml: '<p>Shown to English readers only.</p>',
    publishAt: Date.now() - 60_000,
  });
  // Check-in rewards: one due after the first check-in, one needing a week.
  await staff.call('checkin/saveReward', {
    requiredCount: 1,
    amount: '5.00',
    active: true,
    reason: 'journey: first check-in reward',
  });
  await staff.call('checkin/saveReward', {
    requiredCount: 7,
    amount: '50.00',
    active: true,
    reason: 'journey: weekly reward',
  });
  step('staff published news in Hindi (and one in English) and added two check-in rewards');

  // The investor registers and is verified; a bank card is the deposit's source (all by API).
  const phone = '9123456781';
  const session = await registerInvestor(base, { phone, password: 'Journey@2026' });
  const asInvestor = { token: session.token, account: session.account };
  const upload = async (purpose, buffer, name) => {
    const form = new FormData();
    form.append('file', new Blob([buffer], { type: 'image/png' }), name);
    const response = await fetch(`${base}/api/vue/upload/file?purpose=${purpose}`, {
      method: 'POST',
      headers: asInvestor,
      body: form,
    });
    const envelope = await response.json();
    if (envelope.status !== 1) throw new Error(`upload: ${response.status} ${JSON.stringify(envelope)}`);
    return envelope.data.uploadId;
  };
  await call(
    'vue',
    'user/authSubmit',
    {
      realName: 'Meera Iyer',
      idType: 'pan',
      idNumber: 'ABCDE1234G',
      frontImage: await upload('kyc', png(320, 200, [40, 90, 200]), 'front.png'),
      backImage: await upload('kyc', png(320, 200, [200, 120, 40]), 'back.png'),
    },
    asInvestor,
  );
  await staff.approve('kyc', phone);
  const card = await call(
    'vue',
    'bank/add',
    { holderName: 'Meera Iyer', accountNumber: '123456789013', ifsc: 'SBIN0001234' },
    asInvestor,
  );
  const channels = await call('vue', 'recharge/channels', {}, asInvestor);
  const upi = channels.items.find((channel) => channel.kind === 'upi');
  if (!upi)
    throw new Error(`no demo UPI channel: ${JSON.stringify(channels.items.map((item) => item.name))}`);
  await call(
    'vue',
    'recharge/submit',
    {
      channelId: upi.id,
      amount: '1500.00',
      payerReference: '412345678902',
      receiptImage: await upload('receipt', png(300, 400, [30, 160, 90]), 'receipt.png'),
      sourceId: card.id,
    },
    asInvestor,
  );
  step(`investor verified, deposit of 1,500.00 submitted on "${upi.name}" with a receipt`);

  await signIn(session);

  // Home: the latest news in Hindi above the market tabs; the English item is not shown.
  await go('/home/index');
  const latest = page.locator('.latest-news');
  await latest.getByText(newsTitle).waitFor();
  if ((await latest.getByText('English only story').count()) !== 0)
    throw new Error('English news shown in Hindi');
  await snap('home-latest-news-hi');
  step('home shows the latest news in Hindi');

  // newsList and newsDetail; the script, the handler and the javascript: link are gone.
  await go('/home/newsList');
  await page.getByRole('link', { name: new RegExp(newsTitle) }).waitFor();
  await snap('news-list-hi');
  await page.getByRole('link', { name: new RegExp(newsTitle) }).click();
  await page.getByRole('heading', { name: newsTitle }).waitFor();
  await page.getByText('बैंकिंग शेयरों में सबसे अधिक तेज़ी रही।').waitFor();
  const body = page.locator('.news-article__body');
  const hostile = await body.evaluate((element) => ({
    scripts: element.querySelectorAll('script').length,
    handlers: element.querySelectorAll('[onclick]').length,
    javascriptLinks: [...element.querySelectorAll('a')].filter((a) =>
      /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
    ).length,
  }));
  if (hostile.scripts || hostile.handlers || hostile.javascriptLinks) {
    throw new Error(`unsanitised news body: ${JSON.stringify(hostile)}`);
  }
  if (await page.evaluate(() => window.__pwned === true)) throw new Error('the news body ran a script');
  await snap('news-detail-hi');
  step('newsList and newsDetail in Hindi; the hostile markup was stripped');

  // Staff approve the deposit; the notice arrives on the socket (or, if it came before the socket
  // joined, in the count the socket is given on joining) and the badges show it.
  // Earlier notices (the KYC approval) are read first, so the badge below is the deposit's.
  await call('vue', 'message/read', { all: true }, asInvestor);
  await go('/home/index');
  const firstCount = page.waitForResponse((response) => response.url().endsWith('/message/unreadCount'));
  await page.reload();
  await firstCount;
  await latest.getByText(newsTitle).waitFor();
  const bellBadge = page.locator('.index-bar .unread-badge');
  if ((await bellBadge.count()) !== 0) throw new Error('an unread badge before any notice');
  await staff.approve('deposits', phone);
  const approvedAt = Date.now();
  await bellBadge.waitFor({ timeout: 45_000 });
  const unreadText = await bellBadge.textContent();
  await page.locator('.tab-bar .unread-badge').waitFor();
  await snap('home-unread-badge');
  step(
    `staff approved the deposit; the unread badge showed ${unreadText} after ${Math.round((Date.now() - approvedAt) / 1000)} s`,
  );

  // The bell opens userInfo (spec: notifications) with the profile and the unread count.
  await page
    .getByRole('button', { name: 'सूचनाएँ' })
    .click()
    .catch(async () => go('/information/userInfo'));
  await page.getByTestId('user-name').waitFor();
  await page.getByText('Meera Iyer').waitFor();
  await snap('user-info-hi');
  await page.getByRole('link', { name: /संदेश/ }).click();
  await page.locator('.message-item').first().waitFor();
  await snap('messages-hi');
  await page
    .waitForFunction(() => document.querySelectorAll('.unread-badge').length === 0, null, {
      timeout: 10_000,
    })
    .catch(() => {});
  step('the deposit notice is listed in Hindi and marked read');

  // Check-in: once, refused the second time, then the reward due after one check-in is claimed.
  await go('/home/checkIn');
  await page.getByRole('button', { name: 'चेक-इन करें' }).waitFor();
  await snap('checkin-before');
  await page.getByRole('button', { name: 'चेक-इन करें' }).click();
  await page.getByRole('button', { name: 'आज चेक-इन हो गया' }).waitFor();
  if ((await page.getByTestId('checkin-count').textContent()) !== '1') throw new Error('the count is not 1');
  await page.locator('[data-checked="true"]').first().waitFor();
  await page.getByRole('button', { name: 'आज चेक-इन हो गया' }).click();
  await page.getByRole('alert').waitFor();
  const refusal = await page.getByRole('alert').textContent();
  await snap('checkin-refused-again');
  await page.getByRole('button', { name: '₹50.00 प्राप्त करें' }).click();
  await page
    .getByRole('alert')
    .filter({ hasNotText: refusal ?? '' })
    .waitFor();
  const countRefusal = await page.getByRole('alert').textContent();
  await page.getByRole('button', { name: '₹5.00 प्राप्त करें' }).click();
  await page.getByText('प्राप्त किया').waitFor();
  await snap('checkin-claimed');
  step(`checked in (count 1); again: "${refusal}"; weekly reward: "${countRefusal}"; ₹5.00 claimed`);
});
