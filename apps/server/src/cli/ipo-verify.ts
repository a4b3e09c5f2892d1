import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { connectDatabase, type DatabaseHandle } from '../db/database.js';
import { verifyIpoDraw } from '../use-cases/ipo/verify-ipo-draw.js';
import { onMigratedDatabase, runCommand } from './open-database.js';

/*
 * `npm run ipo:verify -- <issue code or id>`: replays an IPO draw from the database the server uses
 * (docs/ipo-draw.md) and prints the winners. Exits 0 when the replay is the stored allotment and the
 * seed matches its commitment, 1 when anything differs, 2 when the issue is unknown or not drawn.
 * On the embedded database, stop the server first (one process at a time, as `npm run reconcile`).
 */

async function openServerDatabase(): Promise<DatabaseHandle> {
  const config = loadConfig();
  if (config.databaseUrl) return connectDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  if (!existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new Error(
      `There is no embedded database in ${config.dataDir}; set NIVESH_DATA_DIR or DATABASE_URL.`,
    );
  }
  if (existsSync(path.join(config.dataDir, 'postmaster.pid'))) {
    throw new Error(
      `The embedded database in ${config.dataDir} is open in another process (the server?): stop it first, or use PostgreSQL.`,
    );
  }
  return connectDatabase({ dataDir: config.dataDir });
}

async function main(argument: string | undefined): Promise<number> {
  if (!argument) {
    process.stderr.write('usage: npm run ipo:verify -- <issue code or id>\n');
    return 2;
  }
  return onMigratedDatabase(await openServerDatabase(), async (db) => {
    const result = await verifyIpoDraw(db, argument);
    if (result.status === 'not_found') {
      process.stderr.write(`No issue ${argument}.\n`);
      return 2;
    }
    if (result.status === 'not_drawn') {
      process.stdout.write(`${result.code} (issue ${result.issueId}) has not been drawn yet.\n`);
      return 2;
    }
    const lines = [`Draw of ${result.code} (issue ${result.issueId}), replayed from the database:`];
    lines.push(`  seed matches its commitment: ${result.commitmentMatches ? 'yes' : 'NO'}`);
    const winners = result.replayed.filter((entry) => entry.wonLots > 0);
    lines.push(`  ${winners.length} of ${result.replayed.length} subscriptions won:`);
    for (const entry of winners) {
      lines.push(`    subscription ${entry.subscriptionId}: ${entry.wonLots} of ${entry.lots} lots`);
    }
    lines.push(
      result.status === 'verified'
        ? 'OK: the stored allotment is exactly the replay.'
        : `DIFFERS: ${result.differing.length} subscription(s) differ from the replay: ${result.differing.join(', ')}`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
    return result.status === 'verified' ? 0 : 1;
  });
}

await runCommand('The draw could not be verified', () => main(process.argv[2]), 2);
