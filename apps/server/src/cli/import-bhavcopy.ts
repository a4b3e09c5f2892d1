// `npm run import:bhavcopy -- [--accept-isin-changes] FILE|FOLDER...`: imports NSE daily files
// (UDiFF or legacy CM bhavcopy, .csv or .csv.zip, or the full bhavcopy with delivery data) into
// the instrument master, daily candles, quotes and delivery figures, oldest trading day first.
// Each file is all or nothing; bad rows are listed with line numbers (ADR 0023). Files are written
// in batches of consecutive days, each batch one transaction that rolls its weeks and months up
// once (ADR 0036).
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { BhavcopyFileError } from '@nivesh/market';
import { loadConfig } from '../config.js';
import { claimDataDir } from '../db/data-dir-lock.js';
import { connectDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  BHAVCOPY_FILES_PER_TRANSACTION,
  type BhavcopyBatchFigures,
  type BhavcopyFileReport,
  importReadBhavcopies,
  type ReadBhavcopy,
  readBhavcopyForImport,
} from '../use-cases/market/import-bhavcopy.js';

const args = process.argv.slice(2);
const acceptIsinChanges = args.includes('--accept-isin-changes');
const paths = args.filter((arg) => !arg.startsWith('--'));
if (paths.length === 0) {
  console.error(
    'usage: npm run import:bhavcopy -- [--accept-isin-changes] FILE|FOLDER... (bhavcopy .csv or .csv.zip files)',
  );
  process.exit(2);
}

/** The files named, a folder standing for the .csv and .zip files in it. */
async function listFiles(given: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of given) {
    if ((await stat(path)).isDirectory()) {
      const names = (await readdir(path)).filter((name) => /\.(csv|zip)$/i.test(name)).sort();
      files.push(...names.map((name) => join(path, name)));
    } else {
      files.push(path);
    }
  }
  return files;
}

function progress(done: number, total: number, label: string): void {
  if (!process.stderr.isTTY) return;
  const width = 24;
  const filled = Math.round((done / total) * width);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}\x1b[K`,
  );
  if (done === total) process.stderr.write('\n');
}

function summaryOf(file: string, report: BhavcopyFileReport): string {
  // Rows of the other series (SM, ST, GB, …: dozens of them) are summed up in one figure.
  let otherSeries = 0;
  const reasons: string[] = [];
  for (const [reason, count] of Object.entries(report.skipped)) {
    if (reason.startsWith('series ')) otherSeries += count;
    else reasons.push(`${count} ${reason}`);
  }
  if (otherSeries > 0) reasons.unshift(`${otherSeries} of other series`);
  const skipped = reasons.join(', ');
  return (
    `${report.tradeDates.join(', ')} ${basename(file)} (${report.format}): ${report.rowsRead} rows read, ` +
    `${report.instrumentsCreated} instruments created, ${report.candles} candles written, ` +
    `${report.deliveries} delivery figures; skipped: ${skipped || 'none'}`
  );
}

function batchSummaryOf(files: number, figures: BhavcopyBatchFigures, elapsedMs: number): string {
  return (
    `  ${files} file(s) written together: ${figures.quotes} quotes, ${figures.rolledUp} weeks and months ` +
    `rolled up, ${figures.simulatedDropped} simulated candles dropped (${Math.round(elapsedMs)} ms)`
  );
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
  const files = await listFiles(paths);
  const read: { file: string; parsed: ReadBhavcopy }[] = [];
  for (const file of files) {
    try {
      read.push({
        file,
        parsed: await readBhavcopyForImport(database.db, new Uint8Array(await readFile(file))),
      });
    } catch (error) {
      if (!(error instanceof BhavcopyFileError)) throw error;
      console.error(`Refused ${basename(file)}: ${error.message} (${error.code}); nothing written`);
      exitCode = 1;
    }
  }
  // Oldest day first, so that each day's quote and previous close follow from the one before.
  const firstDate = (parsed: ReadBhavcopy) => parsed.rows[0]?.tradeDate ?? '';
  read.sort((left, right) => firstDate(left.parsed).localeCompare(firstDate(right.parsed)));
  let done = 0;
  for (let from = 0; from < read.length; from += BHAVCOPY_FILES_PER_TRANSACTION) {
    const batch = read.slice(from, from + BHAVCOPY_FILES_PER_TRANSACTION);
    progress(done, read.length, basename(batch[0]!.file));
    const startedMs = performance.now();
    const { files: reports, ...figures } = await importReadBhavcopies(
      database.db,
      batch.map((entry) => entry.parsed),
      { acceptIsinChanges },
    );
    done += batch.length;
    progress(done, read.length, basename(batch.at(-1)!.file));
    for (const [index, report] of reports.entries()) {
      const file = batch[index]!.file;
      if (!report.imported) {
        console.error(`Refused ${basename(file)}: ${report.errors.length} bad row(s), nothing written:`);
        for (const error of report.errors) console.error(`  line ${error.line}: ${error.message}`);
        exitCode = 1;
        continue;
      }
      console.log(summaryOf(file, report));
      for (const difference of report.isinDifferences) {
        console.log(
          `  ISIN of ${difference.symbol}: catalogue ${difference.catalogueIsin}, file ${difference.fileIsin}` +
            (difference.applied ? ' (applied)' : ' (rows passed over; --accept-isin-changes applies it)'),
        );
      }
    }
    if (reports.some((report) => report.imported)) {
      console.log(
        batchSummaryOf(
          reports.filter((report) => report.imported).length,
          figures,
          performance.now() - startedMs,
        ),
      );
    }
  }
  if (config.feed === 'simulator' && read.length > 0) {
    console.log(
      'Note: the simulator walks on from the real closes of the symbols it feeds, labelled simulated; ' +
        'set NIVESH_FEED=none to show only real prices.',
    );
  }
} catch (error) {
  console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await database.close();
  release();
}
process.exit(exitCode);
