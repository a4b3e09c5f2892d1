/** `entry_key` -> `entryKey`. */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** Every `*_at` column is a timestamptz (db/schema.ts): its field says the unit, `createdAtMs`. */
type FieldName<Column extends string> = Column extends `${string}_at`
  ? `${CamelCase<Column>}Ms`
  : CamelCase<Column>;

type FieldValue<Column extends string, Value> = Column extends `${string}_at`
  ? Exclude<Value, Date> | (Date extends Value ? number : never)
  : Value;

/** A row as a domain record: the same values, camelCase names, timestamps as epoch ms. */
export type RecordOfRow<Row> = {
  [Column in keyof Row & string as FieldName<Column>]: FieldValue<Column, Row[Column]>;
};

function camelCase(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Maps a row to its domain record once, by the naming rule of STYLE.md (snake_case in SQL,
 * camelCase in TypeScript) and the unit rule (a time is epoch ms and says so): `user_id` becomes
 * `userId`, `reviewed_at` (a Date, or null) becomes `reviewedAtMs` (a number, or null). Every
 * column of the row becomes a field, so a repository that hides a column (a hash, a secret) maps
 * that row by hand. Example: { amount_minor: 150000n, created_at: <Date 1970-01-01T00:00:01Z> }
 * becomes { amountMinor: 150000n, createdAtMs: 1000 }.
 */
export function recordFromRow<Row extends object>(row: Row): RecordOfRow<Row> {
  const record: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.endsWith('_at'))
      record[`${camelCase(column)}Ms`] = value === null ? null : (value as Date).getTime();
    else record[camelCase(column)] = value;
  }
  return record as RecordOfRow<Row>;
}
