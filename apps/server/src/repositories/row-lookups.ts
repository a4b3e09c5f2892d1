import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** A whole row of `table`, as Kysely reads it (snake_case columns). */
export type RowOf<Table extends keyof Database> = Selectable<Database[Table]>;

/** Column values a row must have: each is compared with `=`, and a null with `IS NULL`. */
export type RowMatch<Table extends keyof Database> = Partial<RowOf<Table>>;

function selectMatching<Table extends keyof Database>(db: Db, table: Table, match: RowMatch<Table>) {
  // Kysely cannot follow a column through a table name that is itself generic, so the columns are
  // named with sql.ref; RowMatch<Table> is what keeps them to the table's own columns and types.
  let select = db.selectFrom(table as keyof Database);
  for (const [column, value] of Object.entries(match)) {
    // An undefined value is a caller's slip; leaving the column out would widen the match (and a lock).
    if (value === undefined) throw new Error(`${table}.${column}: no value to match`);
    select =
      value === null ? select.where(sql.ref(column), 'is', null) : select.where(sql.ref(column), '=', value);
  }
  return select;
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
