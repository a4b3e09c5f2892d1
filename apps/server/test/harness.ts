import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { connectDatabase, type DatabaseHandle, type Db } from '../src/db/database.js';
import { type BuildAppOptions, buildApp } from '../src/http/app.js';
import { seedReferenceData } from '../src/seed/reference-data.js';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';

const randomAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** Monday 2026-11-23 10:00 IST: a normal NSE trading session. */
export const TRADING_MONDAY_10_00_IST = Date.UTC(2026, 10, 23, 4, 30);

/**
 * A fresh database for this test file: PGlite loaded from the migrated image, or a new PostgreSQL
 * database copied from the migrated template when TEST_DATABASE_URL is set.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (template && testDatabaseUrl) {
    const name = `nivesh_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    const handle = await connectDatabase({ databaseUrl: url.toString(), poolSize: 30 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const dropper = new pg.Client({ connectionString: testDatabaseUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const image = await readFile(inject('pgliteImagePath'));
  return connectDatabase({ loadDataDir: new Blob([image]) });
}

/**
 * A fresh database for this test file whose ledger must reconcile cleanly after the file's tests;
 * it is closed then. `beforeClose` runs first (the app's shutdown, say).
 */
export async function openReconciledTestDatabase(
  nowMs: () => number = () => TRADING_MONDAY_10_00_IST,
  beforeClose: () => Promise<void> = async () => {},
): Promise<DatabaseHandle> {
  const database = await openTestDatabase();
  afterAll(async () => {
    const report = await reconcileLedger(database.db, nowMs());
    await beforeClose();
    await database.close();
    expect(report.problems).toEqual([]);
  });
  return database;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: ServerConfig;
  driver: 'pglite' | 'postgres';
  /**
   * POST an API call and return the status and parsed envelope. Each call comes from a random
   * address unless `from` names one, so per-address rate limits bite only where a test means it.
   */
  call(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    from?: string,
  ): Promise<{ http: number; body: Envelope }>;
}

export interface Envelope {
  status: 0 | 1;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read reply data loosely; the contract schemas check shapes.
  data: any;
  code?: string;
  params?: Record<string, unknown>;
  /** 'paper' on every answer to a session in paper trading (docs/adr/0026-paper-trading.md). */
  book?: 'paper';
}

/**
 * Builds the real app over a fresh database with a manual clock. After the file's tests it runs
 * the ledger reconciliation (it must be clean) and closes everything.
 */
export async function startTestApp(
  overrides: Partial<ServerConfig> = {},
  extraRoutes?: (app: FastifyInstance) => void,
  appOptions: Pick<BuildAppOptions, 'feedSwitch'> = {},
): Promise<TestApp> {
  const clock = new ManualClock(TRADING_MONDAY_10_00_IST);
  let closeApp = async () => {};
  const database = await openReconciledTestDatabase(
    () => clock.now(),
    () => closeApp(),
  );
  // Uploaded files go to a folder of this file's own, removed with the app.
  const uploadDir = path.join(tmpdir(), 'nivesh-test-uploads', randomUUID());
  const config = { ...loadConfig({ NODE_ENV: 'test', NIVESH_UPLOAD_DIR: uploadDir }), ...overrides };
  await seedReferenceData(database.db);
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    logger: false,
    listen: database.listen,
    ...appOptions,
  });
  extraRoutes?.(app);
  await app.ready();
  closeApp = async () => {
    await app.close();
    await rm(uploadDir, { recursive: true, force: true });
  };
  return {
    app,
    db: database.db,
    clock,
    config,
    driver: database.driver,
    async call(path, body = {}, headers = {}, from = randomAddress()) {
      const response = await app.inject({
        method: 'POST',
        remoteAddress: from,
        url: path.startsWith('/') ? path : `/api/vue/${path}`,
        payload: body as object,
        headers,
      });
      return { http: response.statusCode, body: response.json() as Envelope };
    },
  };
}
