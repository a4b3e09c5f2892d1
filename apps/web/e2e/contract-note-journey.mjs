// Two trading days of a delivery investor in Debian Chromium at 390 x 844 against the real server
// with one PGlite database: on Thursday 2026-11-26 the demo investor buys 100 RELIANCE and sells 40 of
// them; on Friday 2026-11-27 sells the other 60; after Friday's close the account area lists two
// contract notes (docs/adr/0021-contract-notes.md), one is downloaded and read as a PDF with the
// day's trades, and the tax P&L shows what was realised. Typing is what a hurried person types:
// "reliance", "100" over the default lot, "40", Enter.
//
// Contract notes are issued by the engine after a session close, and at engine start for a close it
// has not yet seen. The journey therefore runs the server three times on the same data folder, its
// wall clock moved by shift-clock.mjs (loaded with --import; the server never loads it itself):
// Thursday 10:00 IST, Friday 10:00 IST (Thursday's note is issued at start), Friday 16:00 IST
// (Friday's note is issued at start). No wait on a close, and no test hook in the server.
//
//   node apps/web/e2e/contract-note-journey.mjs   (builds apps/web first; JOURNEY_NO_BUILD=1 skips it)
//
// Skipped (exit 0) when /usr/bin/chromium is missing. Screenshots go to artifacts/contract-note-journey/.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifactsFolder, CHROMIUM, DEMO_INVESTOR, skipWithoutChromium, stepLog } from './journey-kit.mjs';
import { CHROMIUM_ARGS, ensureWebBuild, repositoryRoot, startServer } from './server.mjs';

skipWithoutChromium('contract-note journey');
const { chromium } = await import('playwright-core');
const artifacts = artifactsFolder('contract-note-journey', { fresh: true });
const { steps, step } = stepLog();

/** The server's wall clock for each part of the story (IST = UTC + 5:30). */
const THURSDAY_10_00_IST = Date.UTC(2026, 10, 26, 4, 30);
const FRIDAY_10_00_IST = Date.UTC(2026, 10, 27, 4, 30);
const FRIDAY_16_00_IST = Date.UTC(2026, 10, 27, 10, 30);

const require = createRequire(import.meta.url);
/** The text of every page of a PDF (pdfjs-dist, as the server's contract-note test reads it). */
async function pdfText(bytes) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const document = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    isEvalSupported: false,
  }).promise;
  const pages = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => item.str ?? '').join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

let browser;
let server;
const dataDir = await mkdtemp(path.join(tmpdir(), 'nivesh-contract-note-journey-'));
let shot = 0;

/**
 * One trading day: the server on the journey's data folder at `atMs` (its clock runs on from
 * there), a fresh phone-sized page logged in as the demo investor through the login screen.
 */
async function day(label, atMs, story) {
  server = await startServer(
    {
      NIVESH_SIM_TICK_MS: '1000',
      NODE_OPTIONS: `--import ${new URL('./shift-clock.mjs', import.meta.url).pathname}`,
      NIVESH_SHOT_AT_MS: String(atMs),
    },
    { dataDir },
  );
  step(`${label}: server on ${server.baseUrl}`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const go = (route) => page.goto(`${server.baseUrl}/#${route}`);
  const snap = async (name, fullPage = true) => {
    shot += 1;
    await page.screenshot({
      path: path.join(artifacts, `${String(shot).padStart(2, '0')}-${name}.png`),
      fullPage,
    });
  };
  await go('/login/login');
  await page.getByLabel('Mobile number').pressSequentially(DEMO_INVESTOR.phone);
  await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO_INVESTOR.password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.waitForFunction(() => Boolean(localStorage.getItem('token')));
  try {
    await story({ page, go, snap });
  } catch (error) {
    await snap('failure').catch(() => undefined);
    throw error;
  } finally {
    await context.close();
    await server.stop();
    server = undefined;
  }
}

/** Opens the RELIANCE position of the portfolio and sells `lots` of it (typed over the dialog's default). */
async function sellFromPosition(page, go, snap, lots, held) {
  await go('/trade/index');
  const card = page.locator('.trade-item').filter({ hasText: 'RELIANCE' }).first();
  await card.locator('a').click();
  await page.getByRole('button', { name: 'Close position' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this position?' });
  const quantity = dialog.getByLabel(`Lots to sell (you hold ${held})`);
  await quantity.fill('');
  await quantity.pressSequentially(String(lots));
  await dialog.getByRole('region', { name: 'Charges' }).getByText('Net amount you receive').waitFor();
  await snap(`sell-${lots}-confirm`, false);
  await dialog.getByRole('button', { name: 'Close now' }).click();
  await page.getByText('Closed by you').waitFor();
}

try {
  if (process.env.JOURNEY_NO_BUILD !== '1') await ensureWebBuild({ force: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

  await day('Thursday 10:00 IST', THURSDAY_10_00_IST, async ({ page, go, snap }) => {
    await go('/trade/index');
    await page.getByPlaceholder('Search a symbol or name to buy').pressSequentially('reliance');
    await page
      .getByRole('button', { name: /^RELIANCE/ })
      .first()
      .click();
    const sheet = page.getByRole('dialog', { name: 'Place an order' });
    await sheet.getByRole('button', { name: 'Delivery (CNC)', pressed: true }).waitFor();
    // The lots field holds the minimum (1): select it and type over it, as a thumb does.
    const lots = sheet.getByRole('textbox', { name: 'Lots' });
    await lots.click({ clickCount: 3 });
    await lots.pressSequentially('100');
    await sheet.getByRole('button', { name: /^Continue/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
    await confirm.getByRole('region', { name: 'Charges' }).getByText('Net amount you pay').waitFor();
    await snap('buy-100-confirm', false);
    await confirm.getByRole('button', { name: 'Place order' }).click();
    await sheet.waitFor({ state: 'detached' });
    step('100 RELIANCE bought for delivery after the charges were shown');

    await sellFromPosition(page, go, snap, 40, 100);
    await snap('sold-40');
    step('40 of them sold the same day');
  });

  await day('Friday 10:00 IST', FRIDAY_10_00_IST, async ({ page, go, snap }) => {
    await sellFromPosition(page, go, snap, 60, 60);
    await snap('sold-60');
    step('the other 60 sold the next day');
  });

  await day('Friday 16:00 IST', FRIDAY_16_00_IST, async ({ page, go, snap }) => {
    await go('/information/index');
    await page.getByRole('link', { name: 'Contract notes' }).click();
    const notes = page.getByRole('list', { name: 'Contract notes' }).getByRole('listitem');
    await notes.nth(1).waitFor();
    const count = await notes.count();
    if (count !== 2) throw new Error(`expected 2 contract notes, the list has ${count}`);
    const rows = await notes.allTextContents();
    await snap('contract-notes');
    step(`two contract notes listed: ${rows.join(' | ')}`);

    const thursday = notes.filter({ hasText: '2026-11-26' });
    const downloading = page.waitForEvent('download');
    await thursday.getByRole('button', { name: /^Download contract note/ }).click();
    const download = await downloading;
    const bytes = await readFile(await download.path());
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the download is not a PDF');
    const text = await pdfText(bytes);
    // The row's number (its second line) and the day's two orders, as the PDF's table prints them.
    const number = (await thursday.locator('.portfolio-row__meta').first().textContent()).trim();
    for (const expected of [
      `Contract note no.: ${number}`,
      'Trade date: 2026-11-26',
      /\bBuy\s+RELIANCE\s+CNC\s+100\s/,
      /\bSell\s+RELIANCE\s+CNC\s+40\s/,
    ]) {
      const says = typeof expected === 'string' ? text.includes(expected) : expected.test(text);
      if (!says) throw new Error(`the contract note does not say ${expected}: ${text}`);
    }
    step(
      `Thursday's note downloaded (${download.suggestedFilename()}, ${bytes.length} bytes): RELIANCE 100 bought, 40 sold`,
    );

    await page.goBack();
    await page.getByRole('link', { name: 'Tax P&L' }).click();
    await page.locator('.portfolio-summary').first().waitFor();
    await page.getByText('Realised P&L').first().waitFor();
    const gains = page.locator('.portfolio-row').filter({ hasText: 'RELIANCE' });
    await gains.filter({ hasText: '40 · 2026-11-26 → 2026-11-26' }).waitFor();
    await gains.filter({ hasText: '60 · 2026-11-26 → 2026-11-27' }).waitFor();
    await snap('tax-pnl');
    step("the tax P&L report shows both RELIANCE sells, FIFO from Thursday's lot");
  });

  console.log(
    `contract-note journey passed: ${steps.length} steps, screenshots in ${path.relative(repositoryRoot, artifacts)}`,
  );
} catch (error) {
  console.error('contract-note journey FAILED:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
