import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { systemClock } from '../apps/server/src/clock.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connectDatabase, type Db } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { buildApp } from '../apps/server/src/http/app.js';
import { seedReferenceData } from '../apps/server/src/seed/reference-data.js';
import {
  importReadBhavcopies,
  type ReadBhavcopy,
  readBhavcopyForImport,
} from '../apps/server/src/use-cases/market/import-bhavcopy.js';

/*
 * `npm run bench -- import`: importing NSE's daily files (docs/adr/0023). In one run, on a fresh
 * in-memory PGlite database with the reference data of an install without the simulator:
 *
 *   (a) the three real UDiFF files of packages/market/fixtures/nse are read and parsed one by one,
 *       then imported as `npm run import:bhavcopy` imports them, as one batch in one transaction
 *       (instrument master, daily candles, quotes, weeks and months rolled up once; ADR 0036):
 *       rows a second over the whole, and the import work of each file (its reading plus a third
 *       of the batch's writing); for comparison, the same files imported one by one, each in its
 *       own batch, into a second fresh database, and the command again into a third, with the
 *       process warmed up as (b) finds it;
 *   (b) the baseline: the same rows the import wrote (instruments, daily, weekly and monthly
 *       candles, quotes), each table's written by one multi-row INSERT (unnest of columns) into a
 *       copy of the table with its indexes and checks: the fastest way to store them;
 *   (c) `market/search` and `market/list` over the whole universe (about 2,400 instruments), through
 *       the HTTP app (inject), p50 and p99 of wall and of CPU time: both as a production process
 *       serves them (from snapshots at most NIVESH_MARKET_LIST_CACHE_MS old, docs/adr/0036) and,
 *       for comparison, the list reading each page from the database.
 *
 * Targets: (a) at least 0.5 of (b) in rows a second; under 1 s of import work per file; (c) p99
 * under 20 ms. On a machine other processes load, wall time counts the time waiting for a core, so
 * the CPU time of (a) and (b) (process.cpuUsage: this process, where PGlite runs) is given beside
 * it, with its ratio. Timing stays here, never in tests. Ends with one line of JSON.
 */

const FILES = ['20250618', '20250619', '20250620'].map(
  (day) => `BhavCopy_NSE_CM_0_0_0_${day}_F_0000.csv.zip`,
);
const SEARCH_QUERIES = ['RELI', 'TATA', 'BANK', 'INFY', 'HDFC', 'POWER', 'A', 'IND', 'LTD', 'STEEL'];
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const log = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};

log(`machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at start`);
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const fileBytes = FILES.map(
  (name) => new Uint8Array(readFileSync(new URL(`../packages/market/fixtures/nse/${name}`, import.meta.url))),
);

/** A fresh in-memory database with the reference data of an install without the simulator. */
async function freshDatabase() {
  const database = await connectDatabase({});
  await migrateToLatest(database.db);
  await seedReferenceData(database.db, 'none');
  return database;
}

/** Reads the files, then imports them in batches of `filesPerBatch`: wall and CPU ms per file. */
async function importFiles(db: Db, filesPerBatch: number) {
  const fileMs: number[] = [];
  const fileCpuMs: number[] = [];
  let dailyCandles = 0;
  for (let from = 0; from < FILES.length; from += filesPerBatch) {
    const names = FILES.slice(from, from + filesPerBatch);
    const read: ReadBhavcopy[] = [];
    for (const [index, name] of names.entries()) {
      const [startedMs, startedCpuMs] = [performance.now(), cpuMs()];
      read.push(await readBhavcopyForImport(db, fileBytes[from + index]!));
      fileMs.push(performance.now() - startedMs);
      fileCpuMs.push(cpuMs() - startedCpuMs);
      if (read.at(-1)!.errors.length > 0) throw new Error(`${name} has bad rows`);
    }
    const [startedMs, startedCpuMs] = [performance.now(), cpuMs()];
    const report = await importReadBhavcopies(db, read);
    const [writeMs, writeCpuMs] = [performance.now() - startedMs, cpuMs() - startedCpuMs];
    for (const [index, file] of report.files.entries()) {
      fileMs[from + index]! += writeMs / names.length;
      fileCpuMs[from + index]! += writeCpuMs / names.length;
      dailyCandles += file.candles;
      if (filesPerBatch > 1) {
        log(
          `${names[index]}: ${file.candles} candles, ${file.instrumentsCreated} instruments created; ` +
            `${Math.round(fileMs[from + index]!)} ms (${Math.round(fileCpuMs[from + index]!)} ms CPU) with its share of the batch`,
        );
      }
    }
    log(
      `  batch of ${names.length}: ${report.quotes} quotes, ${report.rolledUp} weeks and months written in ` +
        `${Math.round(writeMs)} ms (${Math.round(writeCpuMs)} ms CPU)`,
    );
  }
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  return { fileMs, fileCpuMs, seconds: sum(fileMs) / 1000, cpuSeconds: sum(fileCpuMs) / 1000, dailyCandles };
}

// (a) The import as one command does it, then file by file into a second database.
const database = await freshDatabase();
const db = database.db;
const asCommand = await importFiles(db, FILES.length);
const byFileDatabase = await freshDatabase();
log('file by file, each its own batch:');
const byFile = await importFiles(byFileDatabase.db, 1);
await byFileDatabase.close();
// The command again, into a third fresh database, with this process and PGlite warmed up as the
// baseline below finds them: the first import also pays for compiling the parser's and PGlite's
// code paths (V8 tiers JavaScript and WebAssembly up as they run), which the baseline, measured
// after it, does not.
const warmDatabase = await freshDatabase();
log('the command again, warmed up:');
const warmCommand = await importFiles(warmDatabase.db, FILES.length);
await warmDatabase.close();
const { fileMs } = asCommand;
const importSeconds = asCommand.seconds;
const importedRows = asCommand.dailyCandles;

// (b) The baseline: the same rows, each table's in one multi-row INSERT into a copy of it.
const BASELINE_TABLES = ['instruments', 'candles', 'quotes'] as const;
let baselineRows = 0;
let baselineMs = 0;
let baselineCpuMs = 0;
for (const table of BASELINE_TABLES) {
  await sql.raw(`CREATE TABLE bench_${table} (LIKE ${table} INCLUDING ALL)`).execute(db);
  // What the import wrote (on this fresh install, every candle and quote and all but the seeded
  // instruments), as text columns to hand back through unnest.
  const columns = (
    await sql<{ column_name: string; data_type: string }>`SELECT column_name, data_type
      FROM information_schema.columns WHERE table_name = ${table} ORDER BY ordinal_position`.execute(db)
  ).rows;
  const where = table === 'instruments' ? sql`WHERE series IS NOT NULL` : sql``;
  const rows = (
    await sql<Record<string, string | null>>`SELECT ${sql.raw(
      columns.map((column) => `${column.column_name}::text`).join(', '),
    )} FROM ${sql.table(table)} ${where}`.execute(db)
  ).rows;
  const arrays = columns.map((column) => rows.map((row) => row[column.column_name] ?? null));
  const casts = columns.map((column) => (column.data_type === 'ARRAY' ? 'text' : column.data_type));
  const [startedMs, startedCpuMs] = [performance.now(), cpuMs()];
  await sql`INSERT INTO ${sql.table(`bench_${table}`)}
    SELECT ${sql.raw(columns.map((column, index) => `c${index}::${column.data_type === 'ARRAY' ? 'integer[]' : casts[index]}`).join(', '))}
    FROM unnest(${sql.join(arrays.map((values) => sql`${values}::text[]`))})
      AS given(${sql.raw(columns.map((_, index) => `c${index}`).join(', '))})`.execute(db);
  baselineMs += performance.now() - startedMs;
  baselineCpuMs += cpuMs() - startedCpuMs;
  baselineRows += rows.length;
}
const writtenRows = baselineRows;
const importRowsPerSecond = writtenRows / importSeconds;
const baselineSeconds = baselineMs / 1000;
const baselineRowsPerSecond = baselineRows / baselineSeconds;
const cpuRatio = baselineCpuMs / 1000 / asCommand.cpuSeconds;
const warmCpuRatio = baselineCpuMs / 1000 / warmCommand.cpuSeconds;
log(
  `import: ${writtenRows} rows (${importedRows} daily candles) in ${importSeconds.toFixed(2)} s ` +
    `(${Math.round(importRowsPerSecond)} rows/s, ${Math.round(asCommand.cpuSeconds * 1000)} ms CPU); ` +
    `file by file ${byFile.seconds.toFixed(2)} s (${Math.round(byFile.cpuSeconds * 1000)} ms CPU); ` +
    `warmed up ${warmCommand.seconds.toFixed(2)} s (${Math.round(warmCommand.cpuSeconds * 1000)} ms CPU); ` +
    `baseline: the same rows in ${baselineSeconds.toFixed(3)} s (${Math.round(baselineRowsPerSecond)} rows/s, ` +
    `${Math.round(baselineCpuMs)} ms CPU)`,
);

// (c) Search and list over the whole universe.
const instrumentCount = Number(
  (
    await db
      .selectFrom('instruments')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .executeTakeFirstOrThrow()
  ).count,
);
/** The app as a production process builds it (market/list from a snapshot, docs/adr/0036), or reading every page. */
async function startApp(marketListCacheMs: number) {
  const config = { ...loadConfig({ NODE_ENV: 'test' }), feed: 'none' as const };
  const app = await buildApp({
    db,
    config: { ...config, capacity: { ...config.capacity, marketListCacheMs } },
    clock: systemClock,
    logger: false,
  });
  await app.ready();
  return app;
}
/**
 * Each call's wall time and, beside it, this process's CPU time during it: on a loaded machine the
 * wall time's tail is mostly waiting for a core, the CPU time's what a call costs.
 */
async function timeCall(
  app: Awaited<ReturnType<typeof startApp>>,
  path: string,
  body: (index: number) => object,
): Promise<number[] & { cpu: number[] }> {
  const durations = Object.assign([] as number[], { cpu: [] as number[] });
  for (let index = 0; index < SAMPLES + 20; index++) {
    const [startedMs, startedCpuMs] = [performance.now(), cpuMs()];
    const reply = await app.inject({ method: 'POST', url: `/api/vue/${path}`, payload: body(index) });
    const [elapsedMs, elapsedCpuMs] = [performance.now() - startedMs, cpuMs() - startedCpuMs];
    if (reply.statusCode !== 200 || reply.json().status !== 1) throw new Error(`${path}: ${reply.body}`);
    if (index >= 20) {
      // the first calls warm the plans up
      durations.push(elapsedMs);
      durations.cpu.push(elapsedCpuMs);
    }
  }
  return durations;
}
const sorts = ['changeRate', 'price', 'volume', 'turnover', 'symbol'] as const;
const listBody = (index: number) => ({
  segment: 'listed',
  sort: sorts[index % sorts.length],
  page: 1 + (index % 50),
  pageSize: 20,
});
const uncachedApp = await startApp(0);
const listFromSql = await timeCall(uncachedApp, 'market/list', listBody);
await uncachedApp.close();
// The default outside tests (NIVESH_MARKET_LIST_CACHE_MS unset).
const app = await startApp(loadConfig({ NODE_ENV: 'development' }).capacity.marketListCacheMs);
const search = await timeCall(app, 'market/search', (index) => ({
  q: SEARCH_QUERIES[index % SEARCH_QUERIES.length],
}));
const list = await timeCall(app, 'market/list', listBody);
await app.close();
await database.close();
log(
  `over ${instrumentCount} instruments: market/search p50 ${percentile(search, 0.5).toFixed(2)} ms, ` +
    `p99 ${percentile(search, 0.99).toFixed(2)} ms; market/list p50 ${percentile(list, 0.5).toFixed(2)} ms, ` +
    `p99 ${percentile(list, 0.99).toFixed(2)} ms (from SQL each call: p50 ${percentile(listFromSql, 0.5).toFixed(2)} ms, ` +
    `p99 ${percentile(listFromSql, 0.99).toFixed(2)} ms)`,
);
log(
  `CPU a call: market/search p50 ${percentile(search.cpu, 0.5).toFixed(2)} ms, p99 ${percentile(search.cpu, 0.99).toFixed(2)} ms; ` +
    `market/list p50 ${percentile(list.cpu, 0.5).toFixed(2)} ms, p99 ${percentile(list.cpu, 0.99).toFixed(2)} ms`,
);

log(
  JSON.stringify({
    bench: 'import',
    figures: {
      files: FILES.length,
      daily_candles: importedRows,
      rows_written: writtenRows,
      instruments: instrumentCount,
      import_rows_per_s: Math.round(importRowsPerSecond),
      baseline_rows_per_s: Math.round(baselineRowsPerSecond),
      import_ms_per_file_max: Math.round(Math.max(...fileMs)),
      import_ms_per_file: fileMs.map((ms) => Math.round(ms)),
      import_cpu_ms_per_file: asCommand.fileCpuMs.map((ms) => Math.round(ms)),
      file_by_file_ms_per_file: byFile.fileMs.map((ms) => Math.round(ms)),
      baseline_cpu_ms: Math.round(baselineCpuMs),
      search_p50_ms: round(percentile(search, 0.5), 2),
      search_p99_ms: round(percentile(search, 0.99), 2),
      list_p50_ms: round(percentile(list, 0.5), 2),
      list_p99_ms: round(percentile(list, 0.99), 2),
      list_from_sql_p50_ms: round(percentile(listFromSql, 0.5), 2),
      list_from_sql_p99_ms: round(percentile(listFromSql, 0.99), 2),
      search_cpu_p50_ms: round(percentile(search.cpu, 0.5), 2),
      search_cpu_p99_ms: round(percentile(search.cpu, 0.99), 2),
      list_cpu_p50_ms: round(percentile(list.cpu, 0.5), 2),
      list_cpu_p99_ms: round(percentile(list.cpu, 0.99), 2),
      import_cpu_ms: Math.round(asCommand.cpuSeconds * 1000),
      import_warm_cpu_ms: Math.round(warmCommand.cpuSeconds * 1000),
    },
    ratios: {
      import_over_baseline_rows_per_s: round(importRowsPerSecond / baselineRowsPerSecond, 3),
      import_over_baseline_cpu: round(cpuRatio, 3),
      import_warm_over_baseline_cpu: round(warmCpuRatio, 3),
      file_by_file_over_baseline_rows_per_s: round(writtenRows / byFile.seconds / baselineRowsPerSecond, 3),
    },
  }),
);
