import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/database.js';
import { type ReconciliationReport, reconcileLedger } from '../use-cases/ledger/reconcile-ledger.js';
import { onMigratedDatabase, runCommand } from './open-database.js';

/*
 * `npm run reconcile`: proves the ledger holds together (DESIGN.md section 4) on the database the
 * server uses, prints a report, and exits 1 when anything is wrong or the check cannot run, so a
 * cron job or CI step fails loudly.
 */

function describeReport(report: ReconciliationReport, where: string): string {
  const lines = [
    `Ledger reconciliation of ${where} at ${new Date(report.checkedAt).toISOString()}`,
    `  accounts ${report.accounts}, journal entries ${report.entries}, postings ${report.postings}`,
  ];
  if (report.totalsByCurrency.length === 0) lines.push('  no postings yet');
  for (const total of report.totalsByCurrency) {
    const verdict = total.sum === '0' ? 'ok' : 'NOT ZERO';
    lines.push(`  ${total.currency}: postings sum to ${total.sum} minor units (${verdict})`);
  }
  // Each book on its own (docs/adr/0026-paper-trading.md).
  for (const total of report.totalsByBook) {
    const verdict = total.sum === '0' ? 'ok' : 'NOT ZERO';
    lines.push(
      `  ${total.book} book, ${total.currency}: postings sum to ${total.sum} minor units (${verdict})`,
    );
  }
  if (report.ok) {
    lines.push(
      'OK: every currency sums to zero, every entry balances, every cached balance equals its postings, no user account is negative.',
    );
  } else {
    lines.push(
      `FAILED: ${report.problems.length} problem(s)${report.problems.length >= 100 ? ' (first ones of each kind)' : ''}:`,
    );
    for (const problem of report.problems) lines.push(`  - ${problem.kind}: ${problem.detail}`);
  }
  return lines.join('\n');
}

async function openServerDatabase(): Promise<{ database: DatabaseHandle; where: string }> {
  const config = loadConfig();
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      database: await connectDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 }),
      where: `PostgreSQL ${url.host}${url.pathname}`,
    };
  }
  if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${config.dataDir}. Start the server once to create it, set NIVESH_DATA_DIR to the folder the server uses, or set DATABASE_URL.`,
    );
  }
  // PGlite writes this file while a process has the folder open and removes it on a clean close. It
  // does not lock the folder itself, and two processes writing one folder would corrupt it.
  if (existsSync(path.join(config.dataDir, 'postmaster.pid'))) {
    throw new Error(
      [
        `The embedded database in ${config.dataDir} is open in another process, most likely the running server.`,
        'An embedded (PGlite) database can be used by one process at a time: stop the server and run',
        '`npm run reconcile` again, or run the server on PostgreSQL (DATABASE_URL) to reconcile while it runs.',
        `If no server is running (it was killed), start and stop it once, or delete ${path.join(config.dataDir, 'postmaster.pid')}.`,
      ].join('\n'),
    );
  }
  return {
    database: await connectDatabase({ dataDir: config.dataDir }),
    where: `the embedded database in ${config.dataDir}`,
  };
}

async function main(): Promise<number> {
  const { database, where } = await openServerDatabase();
  return onMigratedDatabase(database, async (db) => {
    const report = await reconcileLedger(db, Date.now());
    process.stdout.write(`${describeReport(report, where)}\n`);
    return report.ok ? 0 : 1;
  });
}

await runCommand('Reconciliation could not run', main);
