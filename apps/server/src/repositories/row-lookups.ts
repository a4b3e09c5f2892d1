import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A whole row of `table`, as Kysely reads it (snake_case columns). */
export type RowOf<Table extends keyof Database> = Selectable<Database[Table]>;

/** Column values a row must have: each is compared with `=`, and a null with `IS NULL`. */
export type RowMatch<Table extends keyof Database> = Partial<RowOf<Table>>;

/**
 * `query` narrowed to the rows whose columns have these values (`=`, or `IS NULL` for a null): the
 * WHERE of a select, update or delete on one table, shared by the helpers here and in row-writes.ts.
 */
export function whereMatching<Query, Table extends keyof Database>(
  query: Query,
  table: Table,
  match: RowMatch<Table>,
): Query {
  // Kysely cannot follow a column through a table name that is itself generic, so the columns are
  // named with sql.ref; RowMatch<Table> is what keeps them to the table's own columns and types.
  let narrowed = query as unknown as { where(column: unknown, operator: string, value: unknown): unknown };
  for (const [column, value] of Object.entries(match)) {
    // An undefined value is a caller's slip; leaving the column out would widen the match (and a lock).
    if (value === undefined) throw new Error(`${table}.${column}: no value to match`);
    narrowed = (
      value === null
        ? narrowed.where(sql.ref(column), 'is', null)
        : narrowed.where(sql.ref(column), '=', value)
    ) as typeof narrowed;
  }
  return narrowed as unknown as Query;
}

function selectMatching<Table extends keyof Database>(db: Db, table: Table, match: RowMatch<Table>) {
  return whereMatching(db.selectFrom(table as keyof Database), table, match);
}

/**
 * The row of `table` with these column values, or undefined: the read behind a repository's
 * find-by-id and find-by-key. Example: `findRow(db, 'deposits', { id })`.
 */
export async function findRow<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
): Promise<RowOf<Table> | undefined> {
  return (await selectMatching(db, table, match).selectAll().executeTakeFirst()) as RowOf<Table> | undefined;
}

/**
 * The row of `table` with these column values, locked (FOR UPDATE) until the transaction ends, or
 * undefined: a state change reads its row this way first, so of two acting at once one waits for
 * the other and then sees the state the first left.
 */
export async function lockRow<Table extends keyof Database>(
  trx: Db,
  table: Table,
  match: RowMatch<Table>,
): Promise<RowOf<Table> | undefined> {
  const select = selectMatching(trx, table, match).selectAll().forUpdate();
  return (await select.executeTakeFirst()) as RowOf<Table> | undefined;
}

/** Whether `table` has a row with these column values. Example: a pending deposit of one user. */
export async function hasRow<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
): Promise<boolean> {
  const row = await selectMatching(db, table, match).select(sql.lit(1).as('found')).executeTakeFirst();
  return row !== undefined;
}

/** How many rows of `table` have these column values. Example: a user's check-ins. */
export async function countRows<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
): Promise<number> {
  const row = await selectMatching(db, table, match)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The rows of `table` with these column values, in the order of `orderColumn`. Example:
 * `findRowsInOrder(db, 'bank_statement_lines', { statement_id }, 'line_number')`.
 */
export async function findRowsInOrder<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  orderColumn: keyof RowOf<Table> & string,
): Promise<RowOf<Table>[]> {
  return (await selectMatching(db, table, match)
    .selectAll()
    .orderBy(sql.ref(orderColumn))
    .execute()) as RowOf<Table>[];
}

/**
 * Up to `limit` rows of `table` with these column values, newest (highest `id`) first: a user's
 * recent follows, a product's latest subscription. Example: `findNewestRows(db, 'follows', { user_id }, 50)`.
 */
export async function findNewestRows<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  limit: number,
): Promise<RowOf<Table>[]> {
  const select = selectMatching(db, table, match).selectAll().orderBy(sql.ref('id'), 'desc').limit(limit);
  return (await select.execute()) as RowOf<Table>[];
}

/**
 * How many rows of `table` have these column values, and how many of them have `timeColumn` before
 * `overdueBefore`: a review queue's pending items and those waiting past its SLA. Example:
 * `countWaitingRows(db, 'loans', { state: 'pending' }, 'applied_at', cutoff)`.
 */
export async function countWaitingRows<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  timeColumn: keyof RowOf<Table> & string,
  overdueBefore: Date,
): Promise<{ count: number; overdue: number }> {
  const row = await selectMatching(db, table, match)
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string>`count(*) filter (where ${sql.ref(timeColumn)} < ${overdueBefore})`.as('overdue'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), overdue: Number(row.overdue) };
}

/**
 * One column of the rows of `table` whose `keyColumn` is one of `keys`, by key (a key with no row
 * is absent). Example: `readColumnByKey(db, 'instruments', 'symbol', 'name', ['TCS'])` answers
 * Map { 'TCS' => 'Tata Consultancy Services' }.
 */
export async function readColumnByKey<
  Table extends keyof Database,
  Key extends keyof RowOf<Table> & string,
  Value extends keyof RowOf<Table> & string,
>(
  db: Db,
  table: Table,
  columns: { key: Key; value: Value },
  keys: readonly RowOf<Table>[Key][],
): Promise<Map<RowOf<Table>[Key], RowOf<Table>[Value]>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom(table as keyof Database)
    .select([sql.ref(columns.key).as('key'), sql.ref(columns.value).as('value')])
    .where(sql.ref(columns.key), 'in', keys as unknown[])
    .execute();
  return new Map(rows.map((row) => [row.key as RowOf<Table>[Key], row.value as RowOf<Table>[Value]]));
}

/** `findRow` as a domain record: the row of `table` with these column values through `toRecord`. */
export async function findRecord<Table extends keyof Database, Record>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  toRecord: (row: RowOf<Table>) => Record,
): Promise<Record | undefined> {
  const row = await findRow(db, table, match);
  return row && toRecord(row);
}

/** `lockRow` as a domain record: the row locked until the transaction ends, through `toRecord`. */
export async function lockRecord<Table extends keyof Database, Record>(
  ...[trx, table, match, toRecord]: Parameters<typeof findRecord<Table, Record>>
): Promise<Record | undefined> {
  const row = await lockRow(trx, table, match);
  return row && toRecord(row);
}

/**
 * The ids of up to `limit` rows of `table` with these column values whose `timeColumn` has come by
 * `nowMs`, earliest first: a job's due work (GTTs expired, follow products ended, orders to release).
 */
export async function findDueRowIds<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  timeColumn: keyof RowOf<Table> & `${string}_at`,
  nowMs: number,
  limit: number,
): Promise<bigint[]> {
  const select = selectMatching(db, table, match)
    .select(sql.ref('id').as('id'))
    .where(sql.ref(timeColumn), '<=', new Date(nowMs))
    .orderBy(sql.ref(timeColumn))
    .orderBy(sql.ref('id'))
    .limit(limit);
  return (await select.execute()).map((row) => (row as { id: bigint }).id);
}
