// `npm test`: the web catalogue check, then every Vitest project (core, contract, market, server,
// web, console) on PGlite, or also on PostgreSQL when TEST_DATABASE_URL is set (the server tests then
// run against it). Ends with a line "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
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
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(`\n${database}: ${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
