import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The embedded database itself, for what Kysely cannot pass on (COPY from a blob); PGlite only. */
  pglite?: PGlite;
  close(): Promise<void>;
}

// int8 (oid 20) and int8[] (oid 1016) become bigint once, here, for both drivers: money is paise in
// BIGINT and must never pass through a JavaScript number.
const INT8_OID = 20;
const INT8_ARRAY_OID = 1016;
pg.types.setTypeParser(INT8_OID, (value: string) => BigInt(value));
// int8[] is not in pg's list of built-in type ids, hence the wider signature.
(pg.types.setTypeParser as (oid: number, parse: (value: string) => unknown) => void)(
  INT8_ARRAY_OID,
  parseInt8Array,
);

function parseInt8Array(literal: string): bigint[] {
  const inner = literal.slice(1, -1);
  return inner === '' ? [] : inner.split(',').map((item) => BigInt(item));
}

export interface ConnectOptions {
  /** A postgres:// URL; when absent, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` or undefined keeps it in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests load one migrated image instead of migrating). */
  loadDataDir?: Blob | File | undefined;
  poolSize?: number;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    // An idle client can lose its connection (a restart, a failover, a dropped test database);
    // without a listener that error would end the process. The pool replaces the client.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') process.stderr.write(`idle PostgreSQL client error: ${error.message}\n`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, driver: 'postgres', close: () => db.destroy() };
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: {
      [pgliteTypes.INT8]: (value: string) => BigInt(value),
      [INT8_ARRAY_OID]: (value: string) => parseInt8Array(value),
    },
  });
  // PGlite is one session for its whole life, so a SET holds for good. Its files live in memory
  // (or behind an emulated file system): zero-filling each new 16 MB WAL segment, and keeping old
  // ones to recycle, is a JS write of 16 MB that secures no disk space. It was the largest single
  // cost of a bulk import (docs/adr/0023).
  await pglite.exec('SET wal_init_zero = off; SET wal_recycle = off');
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    driver: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
