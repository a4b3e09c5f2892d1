import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { type RowMatch, type RowOf, whereMatching } from './row-lookups.js';

/** The columns a new row of `table` is written with, as Kysely checks an insert. */
export type NewRowOf<Table extends keyof Database> = Insertable<Database[Table]>;

/** The columns a change to rows of `table` sets, as Kysely checks an update. */
export type RowChangeOf<Table extends keyof Database> = Updateable<Database[Table]>;

// Kysely cannot follow an insert or update through a table name that is itself generic; the
// NewRowOf / RowChangeOf / RowMatch types of each helper are what keep the columns and their types.
type AnyTable = keyof Database;

/** Inserts one row and answers it whole. Example: `insertRow(trx, 'follows', { product_id, ... })`. */
export async function insertRow<Table extends keyof Database>(
  db: Db,
  table: Table,
  values: NewRowOf<Table>,
): Promise<RowOf<Table>> {
  const insert = db.insertInto(table as AnyTable).values(values as never);
  return (await insert.returningAll().executeTakeFirstOrThrow()) as RowOf<Table>;
}

/**
 * Inserts one row unless a row with the same `keyColumns` (a unique key) is there already; answers
 * whether this call inserted it. Example: a check-in, once per user and day.
 */
export async function insertRowIfAbsent<Table extends keyof Database>(
  db: Db,
  table: Table,
  values: NewRowOf<Table>,
  keyColumns: ReadonlyArray<keyof RowOf<Table> & string>,
): Promise<boolean> {
  const inserted = await db
    .insertInto(table as AnyTable)
    .values(values as never)
    .onConflict((conflict) => conflict.columns(keyColumns as never).doNothing())
    .returning(keyColumns[0] as never)
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Sets `change` on the rows of `table` with these column values; answers how many it changed. */
export async function updateRows<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  change: RowChangeOf<Table>,
): Promise<number> {
  const update = whereMatching(db.updateTable(table as AnyTable).set(change as never), table, match);
  return Number((await update.executeTakeFirst()).numUpdatedRows);
}

/**
 * Sets `change` on the one row of `table` with these column values and answers the row as it is
 * now, or undefined when no row matches: a state change guarded by the state it leaves
 * (`{ id, state: 'pending' }`) answers undefined when another change came first.
 */
export async function updateRow<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  change: RowChangeOf<Table>,
): Promise<RowOf<Table> | undefined> {
  const update = whereMatching(db.updateTable(table as AnyTable).set(change as never), table, match);
  return (await update.returningAll().executeTakeFirst()) as RowOf<Table> | undefined;
}

/**
 * Sets the time column `column` to `atMs` on the rows with these column values where it is still
 * null, and answers whether it set any: a stamp that happens once (a code used, an account
 * closed), so of two acting at once only one is told it did.
 */
export async function stampOnce<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  column: keyof RowOf<Table> & `${string}_at`,
  atMs: number,
): Promise<boolean> {
  const stillEmpty = { ...match, [column]: null } as RowMatch<Table>;
  return (await updateRows(db, table, stillEmpty, { [column]: new Date(atMs) } as RowChangeOf<Table>)) > 0;
}

/**
 * Deletes the one row of `table` with these column values and answers it as it was, or undefined
 * when no row matches. Example: an investor's own alert, `{ id, user_id }`.
 */
export async function deleteRow<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
): Promise<RowOf<Table> | undefined> {
  const removal = whereMatching(db.deleteFrom(table as AnyTable), table, match);
  return (await removal.returningAll().executeTakeFirst()) as RowOf<Table> | undefined;
}

/** Deletes the rows of `table` with these column values; answers how many. */
export async function deleteRows<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
): Promise<number> {
  const removal = whereMatching(db.deleteFrom(table as AnyTable), table, match);
  return Number((await removal.executeTakeFirst()).numDeletedRows);
}

/**
 * `updateRow` for a change the caller has made sure of (the row locked and its state checked
 * under the lock): no matching row is a defect, and throws.
 */
export async function updateRowOrThrow<Table extends keyof Database>(
  db: Db,
  table: Table,
  match: RowMatch<Table>,
  change: RowChangeOf<Table>,
): Promise<RowOf<Table>> {
  const row = await updateRow(db, table, match, change);
  if (row === undefined) throw new Error(`${table}: no row to update`);
  return row;
}
