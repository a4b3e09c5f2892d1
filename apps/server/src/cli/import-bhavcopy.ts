// `npm run import:bhavcopy -- FILE`: imports an NSE daily bhavcopy (legacy CM or UDiFF, .csv or
// .csv.zip) into daily candles and quotes. All or nothing; bad rows are listed with line numbers.
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.js';
import { claimDataDir } from '../db/data-dir-lock.js';
import { connectDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { importBhavcopy } from '../use-cases/market/import-bhavcopy.js';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run import:bhavcopy -- FILE (a bhavcopy .csv or .csv.zip)');
  process.exit(2);
}
const config = loadConfig();
const release = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
let exitCode = 0;
try {
  await migrateToLatest(database.db);
  const report = await importBhavcopy(database.db, new Uint8Array(await readFile(file)));
  if (!report.imported) {
    console.error(
      `Nothing imported: ${report.errors.length} bad row(s) in ${file} (${report.format} format):`,
    );
    for (const error of report.errors) console.error(`  line ${error.line}: ${error.message}`);
    exitCode = 1;
  } else {
    console.log(
      `Imported ${report.format} bhavcopy for ${report.tradeDates.join(', ')}: ${report.candles} daily candles, ` +
        `${report.quotes} quotes, ${report.rolledUp} weekly and monthly candles rolled up again; ${report.unknownSymbols} rows for instruments not listed here and ` +
        `${report.skipped} rows of other series passed over.`,
    );
    if (config.feed === 'simulator') {
      console.log(
        'Note: the simulator moves prices on from these levels; set NIVESH_FEED=none to keep them.',
      );
    }
  }
} catch (error) {
  console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await database.close();
  release();
}
process.exit(exitCode);
