// What the investor app's browser journeys (funds, engagement, trade, ipo, lending, follow, loan)
// share, so each journey file keeps only its own story. runJourney does the start-up and tear-down
// they all repeated: a clean skip without Chromium, the journey's screenshot folder, the builds
// (apps/web, and apps/console for journeys that open the staff console; JOURNEY_NO_BUILD=1 reuses
// what is built), the server (server.mjs, or one already running), Debian Chromium with a phone-sized
// page, and the final "<name> journey passed: …" or "<name> journey FAILED:" line with the exit code
// scripts/test.mjs counts. The rest are the pieces the stories share: calls to the API, staff signed
// in with TOTP and approving an investor's request, the demo investor, a real PNG to upload.
// block-shots.mjs and the console's review journey use some of the pieces on their own.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { CHROMIUM_ARGS, ensureWebBuild, repositoryRoot, startServer } from './server.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Ends the process with exit 0 and a note when Debian Chromium is not installed. */
export function skipWithoutChromium(journey) {
  if (existsSync(CHROMIUM)) return;
  console.log(`${journey} skipped: ${CHROMIUM} is missing`);
  process.exit(0);
}

/** The journey's screenshot folder under artifacts/, emptied first when `fresh`. */
export function artifactsFolder(name, { fresh = false } = {}) {
  const folder = path.join(repositoryRoot, 'artifacts', name);
  if (fresh) rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A POST to /api/<prefix>/<path> with a fresh Idempotency-Key; answers data, throws on a refusal. */
export function apiCaller(base) {
  return async function call(prefix, pathName, body, headers) {
    const response = await fetch(`${base}/api/${prefix}/${pathName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...headers },
      body: JSON.stringify(body ?? {}),
    });
    const envelope = await response.json();
    if (envelope.status !== 1) throw new Error(`${pathName}: ${response.status} ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
}

/**
 * Places an order through `call`, waiting out PRICE_UNAVAILABLE while a freshly started server's
 * simulator publishes its first ticks (up to 20 s); any other refusal throws at once.
 */
export async function openWhenPriced(call, body, headers) {
  const gives = Date.now() + 20_000;
  for (;;) {
    try {
      return await call('vue', 'trade/open', body, headers);
    } catch (error) {
      if (!String(error.message).includes('PRICE_UNAVAILABLE') || Date.now() > gives) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The seeded demo investor (KYC-verified, ₹5,00,000), for journeys that need no registration. */
export const DEMO_INVESTOR = { phone: '9876543210', password: 'Demo@2026', fundPassword: 'Fund@2026' };

/**
 * An admin signs in for the first time, enrolling TOTP: the seeded one, or `username` (an admin
 * seeded under another name on a server started by hand). Answers its console headers, its console
 * calls and the approval of an investor's request waiting in a review queue.
 */
export async function signInStaff(
  call,
  { username = 'admin', secret: enrolledSecret, nowMs = Date.now } = {},
) {
  const { TOTP } = await import('otpauth');
  const password = 'Admin@2026!';
  // With the secret of an earlier enrolment (a later day of the same journey), a normal sign-in.
  const enrolment = enrolledSecret ? undefined : await call('console', 'staff/login', { username, password });
  const secret = enrolledSecret ?? enrolment.secret;
  const session = enrolment
    ? await enrollTotp(call, enrolment.enrollmentToken, () =>
        new TOTP({ secret }).generate({ timestamp: nowMs() }),
      )
    : (
        await call('console', 'staff/login', {
          username,
          password,
          totpCode: new TOTP({ secret }).generate({ timestamp: nowMs() }),
        })
      ).session;
  const headers = { 'x-staff-token': session.token };
  const consoleCall = (pathName, body) => call('console', pathName, body, headers);
  /** The request of the investor with this phone waiting in `queue` (kyc, deposits, withdrawals). */
  const pending = async (queue, phone) => {
    const { items } = await consoleCall(`${queue}/list`, {});
    const item = items.find((entry) => entry.investor.phone === phone);
    if (!item) throw new Error(`nothing from ${phone} in the ${queue} queue`);
    return item;
  };
  return {
    headers,
    /** The member's TOTP secret, to sign in again on a later server of the same data folder. */
    secret,
    call: consoleCall,
    pending,
    /** Approves the investor's request in `queue` (with `details`, e.g. a payout reference). */
    async approve(queue, phone, details = {}) {
      const item = await pending(queue, phone);
      await consoleCall(`${queue}/approve`, { id: item.id, ...details });
      return item;
    },
  };
}

/**
 * Confirms a TOTP enrolment; a code refused at a 30-second step's edge (a loaded machine answers
 * slowly) is tried once more with the next step's code.
 */
async function enrollTotp(call, enrollmentToken, code) {
  try {
    return await call('console', 'staff/enrollTotp', { enrollmentToken, totpCode: code() });
  } catch (error) {
    if (!String(error.message).includes('SECRET_KEY_MISMATCH')) throw error;
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    return call('console', 'staff/enrollTotp', { enrollmentToken, totpCode: code() });
  }
}

/**
 * A second admin made with the CLI before the server opens its data folder (the embedded database
 * is one process's at a time), with the seeded admin's password: the checker of maker-checker
 * requests (a money parameter, ADR 0027). Pass as a journey's `beforeStart`; sign in with
 * `signInStaff(call, { username: SECOND_ADMIN })`.
 */
export const SECOND_ADMIN = 'checker';
export function createSecondAdmin(env) {
  const made = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/create-staff.ts',
      '--username',
      SECOND_ADMIN,
      '--name',
      'Second admin',
      '--roles',
      'admin',
    ],
    { cwd: repositoryRoot, env: { ...env, NIVESH_STAFF_PASSWORD: 'Admin@2026!' }, stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('staff:create of the second admin failed');
}

/** A numbered log of the journey's steps, printed as they pass. */
export function stepLog() {
  const steps = [];
  return {
    steps,
    step(name) {
      steps.push(name);
      console.log(`· ${name}`);
    },
  };
}

/** A small PNG of one colour with a white stripe, so the server has a real image to re-encode. */
export function png(width, height, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const stripe = y > height * 0.4 && y < height * 0.6;
      row.set(stripe ? [255, 255, 255] : [r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * What every open page showed when a journey failed (failure-1.png, …): a failure that happens only
 * on a loaded CI machine leaves its evidence beside the journey's screenshots.
 */
async function snapFailure(browser, artifacts) {
  const pages = browser?.contexts().flatMap((context) => context.pages()) ?? [];
  for (const [index, open] of pages.entries()) {
    const file = path.join(artifacts, `failure-${index + 1}.png`);
    await open.screenshot({ path: file, timeout: 5_000 }).then(
      () => console.error(`  ${open.url()} → ${path.relative(repositoryRoot, file)}`),
      () => undefined,
    );
  }
}

/** The phone every journey is seen on. */
const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * Builds what the journey opens: apps/web always, forced, since the freshness check of server.mjs
 * sees only apps/web's own files and not the packages it imports; apps/console too when `console`.
 */
export async function buildApps({ console: withConsole }) {
  await ensureWebBuild({ force: true });
  if (!withConsole) return;
  console.log('building apps/console…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/console'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the console build failed');
}

/**
 * Runs the journey `<name>`: skips it (exit 0) without Chromium; otherwise empties
 * artifacts/<name>-journey/, builds the apps (unless JOURNEY_NO_BUILD=1), starts the server, opens
 * the investor app's page at 390 x 844 and hands `story` what it needs. Ends with the
 * "<name> journey passed: N steps, …" line, or "<name> journey FAILED:" and exit code 1, and always
 * closes the browser and stops the server it started.
 *
 * Options: `console` the journey opens the staff console, so apps/console is built too; `server`
 * the server's environment (startServer's `env`); `base` the URL of a server already running, used
 * instead of starting one; `lang` the app's language until the story picks another ('en');
 * `timeout` for every wait on a page (20 s); `atMs` the server's wall clock at its start, moved by
 * shift-clock.mjs (the server runs on from there; the machine's clock when not given).
 *
 * `story` is given { base, call, browser, context, page, artifacts, step, steps, snap, snapOf, go,
 * signIn, logIn, openConsole, serverNowMs, nextServer }. `serverNowMs()` is the server's clock (for
 * staff TOTP codes, signInStaff's `nowMs`); `nextServer({ atMs })` stops the server and starts
 * another on the same data folder, its clock at `atMs` (a later hour or day of the same story: the
 * engine does at start what it missed, e.g. the end-of-day report after a close) and answers the new
 * { base, call }; `go` and `openConsole` open pages on it from then on.
 */
export async function runJourney(name, options, story) {
  const {
    console: withConsole = false,
    server: env = {},
    base: runningBase,
    lang = 'en',
    timeout = 20_000,
    beforeStart,
    atMs,
  } = options;
  skipWithoutChromium(`${name} journey`);
  const { chromium } = await import('playwright-core');
  const artifacts = artifactsFolder(`${name}-journey`, { fresh: true });
  const { steps, step } = stepLog();
  let server;
  let browser;
  // One data folder for every server of the story (nextServer), removed at the end.
  const dataDir = runningBase ? undefined : await mkdtemp(path.join(tmpdir(), `nivesh-${name}-journey-`));
  // The server's clock is `clockAtMs` at the moment it was spawned (shift-clock.mjs reads it a moment
  // later, so serverNowMs runs at most that moment ahead: well inside a TOTP code's 30-second step).
  let clockAtMs = atMs;
  let spawnedAtMs = Date.now();
  const launch = (startAtMs, beforeSpawn) =>
    startServer(
      startAtMs === undefined
        ? env
        : {
            ...env,
            NODE_OPTIONS: `--import ${new URL('./shift-clock.mjs', import.meta.url).pathname}`,
            NIVESH_SHOT_AT_MS: String(startAtMs),
          },
      {
        dataDir,
        beforeStart: async (serverEnv) => {
          await beforeSpawn?.(serverEnv);
          clockAtMs = startAtMs;
          spawnedAtMs = Date.now();
        },
      },
    );
  try {
    if (process.env.JOURNEY_NO_BUILD !== '1') await buildApps({ console: withConsole });
    server = runningBase ? { baseUrl: runningBase, stop: async () => {} } : await launch(atMs, beforeStart);
    let base = server.baseUrl;
    step(`server on ${base}`);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: PHONE_VIEWPORT, deviceScaleFactor: 2 });
    // Only a default: a story switching language in localStorage keeps it across reloads.
    await context.addInitScript((language) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', language);
    }, lang);
    const page = await context.newPage();
    page.setDefaultTimeout(timeout);
    page.on('pageerror', (error) => console.error('page error:', error.message));

    // One numbering for every page's screenshots, so the folder reads in the journey's order.
    let shot = 0;
    const snapOf =
      (target) =>
      async (shotName, fullPage = true) => {
        shot += 1;
        const file = path.join(artifacts, `${String(shot).padStart(2, '0')}-${shotName}.png`);
        await target.screenshot({ path: file, fullPage });
        return file;
      };

    const serverNowMs = () => (clockAtMs === undefined ? Date.now() : clockAtMs + Date.now() - spawnedAtMs);
    async function nextServer({ atMs: nextAtMs } = {}) {
      if (runningBase) throw new Error('nextServer needs a server the journey started');
      await server.stop();
      server = undefined;
      server = await launch(nextAtMs);
      base = server.baseUrl;
      step(`server on ${base} again, on the same data`);
      return { base, call: apiCaller(base) };
    }

    await story({
      base,
      call: apiCaller(base),
      serverNowMs,
      nextServer,
      browser,
      context,
      page,
      artifacts,
      step,
      steps,
      snap: snapOf(page),
      snapOf,
      go: (route) => page.goto(`${base}/#${route}`),
      /** Hands an investor's API session to the app: every page opens signed in, unless it already is. */
      signIn: ({ token, account }) =>
        context.addInitScript(
          ([sessionToken, sessionAccount]) => {
            if (localStorage.getItem('token')) return;
            localStorage.setItem('token', sessionToken);
            localStorage.setItem('account', sessionAccount);
          },
          [token, account],
        ),
      /** Logs in through the login screen (the demo investor unless told) and waits for the session. */
      async logIn({ phone, password } = DEMO_INVESTOR) {
        await page.goto(`${base}/#/login/login`);
        await page.getByLabel('Mobile number').fill(phone);
        await page.getByLabel('Password', { exact: true }).fill(password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForFunction(() => Boolean(localStorage.getItem('token')));
      },
      /** The staff console (at `route`) in a desktop-sized context of its own, signed in as `staff`. */
      async openConsole(staff, route, viewport = { width: 1440, height: 900 }) {
        const consoleContext = await browser.newContext({ viewport });
        // The console reckons an item's age from the browser's clock: on a moved server clock the
        // browser's runs with it, or every item would look days old (or not yet made).
        if (clockAtMs !== undefined) await consoleContext.clock.install({ time: serverNowMs() });
        await consoleContext.addInitScript(
          (token) => sessionStorage.setItem('staffToken', token),
          staff.headers['x-staff-token'],
        );
        const consolePage = await consoleContext.newPage();
        consolePage.setDefaultTimeout(timeout);
        consolePage.on('pageerror', (error) => console.error('console page error:', error.message));
        await consolePage.goto(`${base}/console/#${route}`);
        return consolePage;
      },
    });

    console.log(
      `${name} journey passed: ${steps.length} steps, screenshots in ${path.relative(repositoryRoot, artifacts)}`,
    );
  } catch (error) {
    console.error(`${name} journey FAILED:`, error);
    process.exitCode = 1;
    await snapFailure(browser, artifacts);
  } finally {
    await browser?.close();
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
