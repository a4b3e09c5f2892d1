import { readFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { systemClock } from '../apps/server/src/clock.js';
import { loadConfig } from '../apps/server/src/config.js';
import { connectDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { buildApp } from '../apps/server/src/http/app.js';
import { seedReferenceData } from '../apps/server/src/seed/reference-data.js';
import {
  importReadBhavcopy,
  readBhavcopyForImport,
} from '../apps/server/src/use-cases/market/import-bhavcopy.js';

/*
 * `npm run bench -- import`: importing NSE's daily files (docs/adr/0023). In one run, on a fresh
 * in-memory PGlite database with the reference data of an install without the simulator:
 *
 *   (a) the three real UDiFF files of packages/market/fixtures/nse are read, parsed and imported
 *       one by one (instrument master, daily candles, quotes, weeks and months rolled up), each in
 *       its transaction: rows a second over the whole, and the import work of each file;
 *   (b) the baseline: the same rows the import wrote (instruments, daily, weekly and monthly
 *       candles, quotes), each table's written by one multi-row INSERT (unnest of columns) into a
 *       copy of the table with its indexes and checks: the fastest way to store them;
 *   (c) `market/search` and `market/list` over the whole universe (about 2,400 instruments), through
 *       the HTTP app (inject), p50 and p99.
 *
 * Targets: (a) at least 0.5 of (b) in rows a second; under 1 s of import work per file; (c) p99
 * under 20 ms. Timing stays here, never in tests. Ends with one line of JSON.
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
const database = await connectDatabase({});
const db = database.db;
await migrateToLatest(db);
await seedReferenceData(db, 'none');

// (a) The import, file by file.
const fileMs: number[] = [];
let importedRows = 0;
for (const name of FILES) {
  const bytes = new Uint8Array(
    readFileSync(new URL(`../packages/market/fixtures/nse/${name}`, import.meta.url)),
  );
  const startedMs = performance.now();
  const parsed = await readBhavcopyForImport(db, bytes);
  const report = await importReadBhavcopy(db, parsed);
  fileMs.push(performance.now() - startedMs);
  if (!report.imported) throw new Error(`${name} was refused: ${JSON.stringify(report.errors.slice(0, 3))}`);
  importedRows += report.candles;
  log(
    `${name}: ${report.candles} candles, ${report.instrumentsCreated} instruments created, ` +
      `${report.rolledUp} weeks and months in ${Math.round(fileMs.at(-1)!)} ms`,
  );
}
const importSeconds = fileMs.reduce((sum, ms) => sum + ms, 0) / 1000;

// (b) The baseline: the same rows, each table's in one multi-row INSERT into a copy of it.
const BASELINE_TABLES = ['instruments', 'candles', 'quotes'] as const;
let baselineRows = 0;
let baselineMs = 0;
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
  const startedMs = performance.now();
  await sql`INSERT INTO ${sql.table(`bench_${table}`)}
    SELECT ${sql.raw(columns.map((column, index) => `c${index}::${column.data_type === 'ARRAY' ? 'integer[]' : casts[index]}`).join(', '))}
    FROM unnest(${sql.join(arrays.map((values) => sql`${values}::text[]`))})
      AS given(${sql.raw(columns.map((_, index) => `c${index}`).join(', '))})`.execute(db);
  baselineMs += performance.now() - startedMs;
  baselineRows += rows.length;
}
const writtenRows = baselineRows;
const importRowsPerSecond = writtenRows / importSeconds;
const baselineSeconds = baselineMs / 1000;
const baselineRowsPerSecond = baselineRows / baselineSeconds;
log(
  `import: ${writtenRows} rows (${importedRows} daily candles) in ${importSeconds.toFixed(2)} s ` +
    `(${Math.round(importRowsPerSecond)} rows/s); baseline: the same rows in ${baselineSeconds.toFixed(3)} s ` +
    `(${Math.round(baselineRowsPerSecond)} rows/s)`,
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
const app = await buildApp({
  db,
  config: { ...loadConfig({ NODE_ENV: 'test' }), feed: 'none' as const },
  clock: systemClock,
  logger: false,
});
await app.ready();
async function timeCall(path: string, body: (index: number) => object): Promise<number[]> {
  const durations: number[] = [];
  for (let index = 0; index < SAMPLES + 20; index++) {
    const startedMs = performance.now();
    const reply = await app.inject({ method: 'POST', url: `/api/vue/${path}`, payload: body(index) });
    const elapsedMs = performance.now() - startedMs;
    if (reply.statusCode !== 200 || reply.json().status !== 1) throw new Error(`${path}: ${reply.body}`);
    if (index >= 20) durations.push(elapsedMs); // the first calls warm the plans up
  }
  return durations;
}
const sorts = ['changeRate', 'price', 'volume', 'turnover', 'symbol'] as const;
const search = await timeCall('market/search', (index) => ({
  q: SEARCH_QUERIES[index % SEARCH_QUERIES.length],
}));
const list = await timeCall('market/list', (index) => ({
  segment: 'listed',
  sort: sorts[index % sorts.length],
  page: 1 + (index % 50),
  pageSize: 20,
}));
await app.close();
await database.close();
log(
  `over ${instrumentCount} instruments: market/search p50 ${percentile(search, 0.5).toFixed(2)} ms, ` +
    `p99 ${percentile(search, 0.99).toFixed(2)} ms; market/list p50 ${percentile(list, 0.5).toFixed(2)} ms, ` +
    `p99 ${percentile(list, 0.99).toFixed(2)} ms`,
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
      search_p50_ms: round(percentile(search, 0.5), 2),
      search_p99_ms: round(percentile(search, 0.99), 2),
      list_p50_ms: round(percentile(list, 0.5), 2),
      list_p99_ms: round(percentile(list, 0.99), 2),
    },
    ratios: {
      import_over_baseline_rows_per_s: round(importRowsPerSecond / baselineRowsPerSecond, 3),
    },
  }),
);
