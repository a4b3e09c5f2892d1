// Screenshots of the built app at a phone viewport, for a person to look at.
// Usage: serve apps/web/dist (npx vite preview --port 5174), then
//   node apps/web/scripts/screenshots.mjs [baseUrl] [outDir]
// Needs Debian's chromium at /usr/bin/chromium, and fonts-noto-core and fonts-noto-cjk for Hindi
// and Chinese.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:5174';
const outDir = process.argv[3] ?? new URL('../../../artifacts/web/', import.meta.url).pathname;
await mkdir(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const shots = [
  { name: 'start-en', path: '/login/start', wait: 1500 },
  { name: 'login-en', path: '/login/login' },
  { name: 'register-en', path: '/login/register' },
  { name: 'register-errors-en', path: '/login/register', submit: true },
  { name: 'register-errors-hi', path: '/login/register', lang: 'hi', submit: true },
  { name: 'register-errors-320-en', path: '/login/register', submit: true, width: 320, height: 640 },
  { name: 'login-zh', path: '/login/login', lang: 'zh' },
  { name: 'welcome-hi', path: '/login/start1', lang: 'hi' },
  { name: 'home-en', path: '/home/index', signedIn: true, wait: 1500 },
  {
    name: 'home-hi-320',
    path: '/home/index',
    signedIn: true,
    lang: 'hi',
    width: 320,
    height: 640,
    wait: 1500,
  },
  { name: 'account-en', path: '/information/index', signedIn: true, wait: 1500 },
  { name: 'account-zh', path: '/information/index', signedIn: true, lang: 'zh', wait: 1500 },
  { name: 'portfolio-en', path: '/trade/index', signedIn: true },
  { name: 'placeholder-en', path: '/home/newStock', signedIn: true },
  { name: 'change-lang-en', path: '/information/changeLang' },
  { name: 'not-found-en', path: '/no/such/page' },
  { name: 'home-data-en', path: '/home/index', signedIn: true, mock: true, wait: 1500 },
  {
    name: 'home-data-hi-320',
    path: '/home/index',
    signedIn: true,
    mock: true,
    lang: 'hi',
    width: 320,
    height: 640,
    wait: 1500,
  },
  { name: 'account-data-en', path: '/information/index', signedIn: true, mock: true, wait: 1500 },
  {
    name: 'account-data-hi-320',
    path: '/information/index',
    signedIn: true,
    mock: true,
    lang: 'hi',
    width: 320,
    height: 640,
    wait: 1500,
  },
];

// Stand-in replies in the shapes the server will give, to look at screens with data.
function mockReply(path) {
  const closes = Array.from(
    { length: 120 },
    (_, index) => 24000 + Math.round(200 * Math.sin(index / 9) + index * 3),
  );
  const replies = {
    'common/config': [
      { name: 'title', value: 'Nivesh' },
      { name: 'kefu', value: 'https://example.invalid/support' },
      { name: 'market_feed', value: 'simulator' },
    ],
    'parameter/zhishu': [
      {
        name: 'NIFTY 50',
        symbol: 'NIFTY',
        exchange: 'NSE',
        price: '24123.45',
        gain: 0.51,
        gainValue: '122.40',
        close: '24123.45',
        prev_close: '24001.05',
        code: 'NIFTY',
      },
      {
        name: 'SENSEX',
        symbol: 'SENSEX',
        exchange: 'BSE',
        price: '79402.10',
        gain: -0.23,
        gainValue: '-183.20',
        close: '79402.10',
        prev_close: '79585.30',
        code: 'SENSEX',
      },
      {
        name: 'NIFTY BANK',
        symbol: 'BANKNIFTY',
        exchange: 'NSE',
        price: '51876.00',
        gain: 0,
        gainValue: '0.00',
        close: '51876.00',
        prev_close: '51876.00',
        code: 'BANKNIFTY',
      },
    ],
    'trade/kline': closes.map((close, index) => ({ time: 1_700_000_000_000 + index * 60_000, close })),
    'user/getUserinfo': {
      account: '9876543210',
      inviteCode: 'NIV7Q2',
      realNameStatus: 'pending',
      creditScore: 80,
      hasFundPassword: false,
      balances: {
        currency: 'INR',
        totalAssets: '1234567.80',
        available: '200000.00',
        frozen: '15000.50',
        profit: '-2345.60',
        withdrawable: '185000.00',
        invested: '1019567.30',
      },
    },
  };
  return { status: 1, msg: '', data: replies[path] ?? null };
}

const problems = [];
for (const shot of shots) {
  const context = await browser.newContext({
    viewport: { width: shot.width ?? 390, height: shot.height ?? 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(
    ({ lang, signedIn }) => {
      localStorage.setItem('lang', lang);
      if (signedIn) {
        localStorage.setItem('token', 'screenshot-token');
        localStorage.setItem('account', '9876543210');
      }
    },
    { lang: shot.lang ?? 'en', signedIn: shot.signedIn ?? false },
  );
  const page = await context.newPage();
  if (shot.mock) {
    await page.route('**/api/vue/**', (route) => {
      const path = new URL(route.request().url()).pathname.replace('/api/vue/', '');
      return route.fulfill({ json: mockReply(path) });
    });
  }
  page.on('pageerror', (error) => problems.push(`${shot.name}: page error ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('502')) {
      problems.push(`${shot.name}: console ${message.text()}`);
    }
  });
  await page.goto(`${baseUrl}/#${shot.path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(shot.wait ?? 800);
  if (shot.submit) {
    await page.locator('button[type=submit]').click();
    await page.waitForTimeout(300);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  if (overflow) problems.push(`${shot.name}: content wider than the viewport`);
  await page.screenshot({ path: `${outDir}${shot.name}.png` });
  await context.close();
}
await browser.close();
console.log(`${shots.length} screenshots in ${outDir}`);
if (problems.length) console.log(problems.join('\n'));
