// `npm test`: the web catalogue check, then every Vitest project (core, contract, market, server,
// web, console) on PGlite, or also on PostgreSQL when TEST_DATABASE_URL is set (the server tests then
// run against it). Then the investor app's browser journeys (apps/web/e2e/journeys.mjs: their own
// server on a fresh PGlite; skipped with a message without /usr/bin/chromium, in the PostgreSQL run,
// when Vitest is given arguments, or with NIVESH_SKIP_E2E=1), each journey counted as a test.
// Ends with a line "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = path.join(tmpdir(), `nivesh-vitest-${process.pid}.json`);
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
let passed = 0;
let failed = 0;
try {
  const summary = JSON.parse(readFileSync(report, 'utf8'));
  passed = summary.numPassedTests;
  // A file that fails to load has no failed tests of its own; count it so the line never says 0.
  failed = summary.numFailedTests || (run.status === 0 ? 0 : summary.numFailedTestSuites || 1);
  rmSync(report, { force: true });
} catch {
  failed = Math.max(failed, 1);
}

// Browser journeys: one server and one Chromium for all of them.
const e2eSkipReason = process.env.NIVESH_SKIP_E2E
  ? 'NIVESH_SKIP_E2E is set'
  : process.env.TEST_DATABASE_URL
    ? 'they run once, in the PGlite run'
    : process.argv.length > 2
      ? 'Vitest was given arguments'
      : null;
if (e2eSkipReason) {
  console.log(`\nweb journeys skipped: ${e2eSkipReason}`);
} else {
  console.log('\nweb journeys (apps/web/e2e/journeys.mjs)');
  const journeys = spawnSync(process.execPath, ['apps/web/e2e/journeys.mjs'], {
    cwd: root,
    env: process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(journeys.stdout ?? '');
  const summaryLine = (journeys.stdout ?? '').trim().split('\n').pop() ?? '';
  try {
    const { journeys: counts } = JSON.parse(summaryLine);
    passed += counts.passed;
    failed += counts.failed;
  } catch {
    failed += 1;
  }
  if (journeys.status !== 0) failed = Math.max(failed, 1);

  // The product journeys each start their own server: each counts as one test. Once both apps are
  // built (the first journey builds what is missing), the rest reuse the build (JOURNEY_NO_BUILD).
  const built = () =>
    existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    existsSync(path.join(root, 'apps/console/dist/index.html'));
  for (const script of [
    'apps/web/e2e/funds-journey.mjs',
    'apps/web/e2e/engagement-journey.mjs',
    'apps/web/e2e/trade-journey.mjs',
    'apps/web/e2e/ipo-journey.mjs',
    'apps/web/e2e/lending-journey.mjs',
    'apps/web/e2e/follow-journey.mjs',
    'apps/web/e2e/loan-journey.mjs',
    'apps/web/e2e/partial-sell-journey.mjs',
    'apps/web/e2e/contract-note-journey.mjs',
    'apps/web/e2e/nse-journey.mjs',
    'apps/web/e2e/kite-journey.mjs',
    'apps/web/e2e/first-run-journey.mjs',
    'apps/web/e2e/paper-journey.mjs',
    'apps/console/e2e/staff-shots.mjs',
    'apps/web/e2e/passkey-journey.mjs',
    'apps/web/e2e/back-office-finance-journey.mjs',
  ]) {
    console.log(`\nweb journey ${script}`);
    const journey = spawnSync(process.execPath, [script], {
      cwd: root,
      env: { ...process.env, JOURNEY_NO_BUILD: built() ? '1' : '' },
      encoding: 'utf8',
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (journey.status === 0) passed += 1;
    else failed += 1;
  }

  // The staff console's journeys need the built console.
  if (existsSync(path.join(root, 'apps/console/dist/index.html'))) {
    for (const script of ['apps/console/e2e/console-journey.mjs', 'apps/console/e2e/review-journey.mjs']) {
      console.log(`\nconsole journey ${script}`);
      const journey = spawnSync(process.execPath, [script], {
        cwd: root,
        env: process.env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      if (journey.status === 0) passed += 1;
      else failed += 1;
    }
  } else {
    console.log('\nconsole journeys skipped: run "npm run build" first (apps/console/dist is missing)');
  }
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n${database}: ${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
