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
  /**
   * LISTENs on a channel: each NOTIFY's payload reaches `onPayload`, after the notifying
   * transaction committed. On PostgreSQL a connection of its own listens; `onLost` is called once
   * when it ends (the caller listens again). Answers a function that stops listening.
   */
  listen: DatabaseListen;
}

export type DatabaseListen = (
  channel: string,
  onPayload: (payload: string) => void,
  onLost: (error: Error) => void,
) => Promise<() => Promise<void>>;

/** A channel name is an identifier the caller chose, never input: it is quoted all the same. */
const quotedChannel = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

function listenOnPostgres(databaseUrl: string): DatabaseListen {
  return async (channel, onPayload, onLost) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    let stopped = false;
    let lost = false;
    const lose = (error: Error) => {
      if (stopped || lost) return;
      lost = true;
      onLost(error);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the listening connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    await client.connect();
    await client.query(`LISTEN ${quotedChannel(channel)}`);
    return async () => {
      stopped = true;
      await client.end().catch(() => {});
    };
  };
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
    return {
      db,
      driver: 'postgres',
      close: () => db.destroy(),
      listen: listenOnPostgres(options.databaseUrl),
    };
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
    // PGlite is this process alone: its notices arrive with the result of the committing statement.
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(quotedChannel(channel), onPayload);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
