// Screenshots of named routes of the investor app at 390 x 844 in English, Hindi and Chinese,
// signed in as the demo investor, against a running server (SHOTS_URL, e.g. a `npm start`); for a
// person to look at. Nothing is asserted beyond each screen loading.
//
//   SHOTS_URL=http://127.0.0.1:4600 node apps/web/e2e/screen-shots.mjs NAME=/route [NAME=/route …]
//   (SHOTS_LANGS=en,hi,zh; SHOTS_SIGNED_OUT=1 for public screens; SHOTS_FULL=1 for the whole page;
//    SHOTS_SCROLL=1 for the end of the screen; SHOTS_CLICK=<accessible name of a button to press first>)
import path from 'node:path';
import { apiCaller, artifactsFolder, CHROMIUM, DEMO_INVESTOR, skipWithoutChromium } from './journey-kit.mjs';
import { CHROMIUM_ARGS } from './server.mjs';

skipWithoutChromium('screen shots');
const { chromium } = await import('playwright-core');
const base = process.env.SHOTS_URL ?? 'http://127.0.0.1:4600';
const languages = (process.env.SHOTS_LANGS ?? 'en,hi,zh').split(',');
const artifacts = artifactsFolder('screen-shots');
const targets = process.argv.slice(2).map((argument) => {
  const [name, route] = argument.split('=');
  return { name, route };
});
const session =
  process.env.SHOTS_SIGNED_OUT === '1'
    ? null
    : await apiCaller(base)('vue', 'user/login', {
        account: DEMO_INVESTOR.phone,
        password: DEMO_INVESTOR.password,
      });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  for (const language of languages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([lang, token, account]) => {
        localStorage.setItem('lang', lang);
        if (token) {
          localStorage.setItem('token', token);
          localStorage.setItem('account', account);
        }
      },
      [language, session?.token ?? '', session?.account ?? ''],
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    for (const { name, route } of targets) {
      await page.goto(`${base}/#${route}`);
      await page.waitForLoadState('networkidle').catch(() => {});
      // The boot shell stands until the first screen's code has arrived; a loaded machine takes seconds.
      await page.waitForFunction(() => !document.querySelector('.boot-shell'), null, { timeout: 60_000 });
      await page.waitForTimeout(2500);
      if (process.env.SHOTS_CLICK) {
        await page.getByRole('button', { name: process.env.SHOTS_CLICK }).first().click();
        await page.waitForTimeout(800);
      }
      if (process.env.SHOTS_SCROLL === '1') {
        // Screens scroll inside the app's frame, not the page: bring the end of each into view.
        await page.evaluate(() => {
          for (const element of document.querySelectorAll('*')) {
            if (element.scrollHeight > element.clientHeight + 4) element.scrollTop = element.scrollHeight;
          }
          window.scrollTo(0, document.body.scrollHeight);
        });
        await page.waitForTimeout(500);
      }
      const file = path.join(artifacts, `${name}-${language}.png`);
      await page.screenshot({ path: file, fullPage: process.env.SHOTS_FULL === '1' });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
