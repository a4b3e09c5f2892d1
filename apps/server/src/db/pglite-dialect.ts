import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely's dialect for embedded PGlite: transactions run in PGlite's exclusive `transaction()`, so
 * nothing else interleaves with them.
 *
 * Kysely 0.29 ships this dialect, but 0.29 declares Node.js 22 and Nivesh runs on Node.js 20.19+
 * (README). This is that dialect's logic (kysely 0.29 `dialect/pglite`, MIT, Sami Koskimäki) on
 * kysely 0.28's public Dialect and Driver interfaces; when Node.js 22 becomes the minimum, delete
 * this file and import `PGliteDialect` from kysely.
 */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(config: { pglite: PGlite }) {
    this.#pglite = config.pglite;
  }

  createAdapter(): DialectAdapter {
    return new PGliteAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

/**
 * Whether `db` (the root handle or a transaction) runs on embedded PGlite, which reads a
 * `COPY … FROM '/dev/blob'` from a Blob (copyFromBlob). Kysely hands the dialect's adapter to every
 * transaction's executor, so the check holds inside transactions too.
 */
export function copiesFromBlob<Schema>(db: Kysely<Schema>): boolean {
  return db.getExecutor().adapter instanceof PGliteAdapter;
}

/**
 * Runs `COPY <table> (<columns>) FROM '/dev/blob' WITH (FORMAT csv)` over `csv`, in the handle's
 * transaction if it is one: PGlite's fastest bulk load, about twice as fast as one multi-row INSERT
 * (docs/adr/0036). Only where copiesFromBlob(db); answers the rows copied.
 */
export async function copyFromBlob<Schema>(
  db: Kysely<Schema>,
  table: string,
  columns: readonly string[],
  csv: string,
): Promise<number> {
  const statement = `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`;
  const result = await db.executeQuery(CompiledQuery.raw(statement, [new Blob([csv])]));
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * A value as a field of copyFromBlob's CSV: null is an unquoted empty field (SQL NULL), text is
 * quoted when it must be (an empty string, a comma, quote or line break, or edge spaces).
 */
export function csvField(value: string | number | bigint | boolean | null): string {
  if (value === null) return '';
  const text = String(value);
  if (text !== '' && !/[",\r\n]|^\s|\s$/.test(text)) return text;
  return `"${text.replaceAll('"', '""')}"`;
}

class PGliteAdapter extends PostgresAdapter {
  // The one connection is held by the migrator from acquireMigrationLock to releaseMigrationLock.
  override async acquireMigrationLock(): Promise<void> {}

  override async releaseMigrationLock(): Promise<void> {}
}

class PGliteDriver implements Driver {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {
    if (this.#pglite.closed) throw new Error('PGlite instance is already closed.');
    await this.#pglite.waitReady;
  }

  /**
   * A connection per caller over the one PGlite instance. PGlite runs one statement at a time, and
   * its `transaction()` is exclusive: a query outside it waits until it ends, so a caller's query
   * never runs inside another caller's transaction.
   */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.#pglite);
  }

  async releaseConnection(): Promise<void> {}

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).rollback();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`SAVEPOINT ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`ROLLBACK TO SAVEPOINT ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`RELEASE SAVEPOINT ${quoteIdentifier(name)}`));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  #transaction: Transaction | undefined;
  #finish: { commit: () => void; rollback: (reason: Error) => void } | undefined;
  #closed: Promise<unknown> | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // `COPY … FROM '/dev/blob'` (copyFromBlob) takes its rows as its one parameter, a Blob.
    const [blob] = compiledQuery.parameters;
    const copy = blob instanceof Blob && compiledQuery.parameters.length === 1;
    const { affectedRows, rows } = await (this.#transaction ?? this.#pglite).query<R>(
      compiledQuery.sql,
      copy ? [] : (compiledQuery.parameters as unknown[]),
      copy ? { rowMode: 'object', blob } : { rowMode: 'object' },
    );
    return { numAffectedRows: affectedRows == null ? undefined : BigInt(affectedRows), rows: rows ?? [] };
  }

  // biome-ignore lint/correctness/useYield: the interface asks for a generator; PGlite cannot stream.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** Opens PGlite's exclusive transaction and keeps it open until commit or rollback. */
  async begin(): Promise<void> {
    let begun!: () => void;
    const hasBegun = new Promise<void>((resolve) => {
      begun = resolve;
    });
    const settled = new Promise<void>((resolve, reject) => {
      this.#finish = { commit: resolve, rollback: reject };
    });
    this.#closed = this.#pglite.transaction(async (transaction) => {
      this.#transaction = transaction;
      begun();
      await settled;
    });
    // A transaction that cannot start (a closed instance) rejects here instead of waiting forever.
    await Promise.race([hasBegun, this.#closed]);
  }

  async commit(): Promise<void> {
    this.#finish?.commit();
    try {
      await this.#closed;
    } finally {
      this.#reset();
    }
  }

  async rollback(): Promise<void> {
    this.#finish?.rollback(new Error('rolled back'));
    await this.#closed?.catch(() => {});
    this.#reset();
  }

  #reset(): void {
    this.#finish = undefined;
    this.#transaction = undefined;
    this.#closed = undefined;
  }
}
