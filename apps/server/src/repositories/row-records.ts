/** `entry_key` -> `entryKey`. */
type CamelCase<Name extends string> = Name extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Name;

/** Every `*_at` column is a timestamptz (db/schema.ts): its field says the unit, `createdAtMs`. */
type FieldName<Column extends string> = Column extends `${string}_at`
  ? `${CamelCase<Column>}Ms`
  : CamelCase<Column>;

/** `Value` with `From` in it replaced by `To`: a timestamp is a Date in a row, epoch ms in a record. */
type Retyped<Value, From, To> = Exclude<Value, From> | (From extends Value ? To : never);

type FieldValue<Column extends string, Value> = Column extends `${string}_at`
  ? Retyped<Value, Date, number>
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

/** `entryKey` -> `entry_key` (a digit stays where it is: `line2` -> `line2`). */
type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : Name;

/**
 * A domain record as row values: the same values, snake_case names, `*AtMs` numbers as Dates
 * (`createdAtMs` is the timestamptz `created_at`; the inverse of RecordOfRow).
 */
export type RowOfRecord<Record> = {
  [Field in keyof Record & string as Field extends `${infer Stem}AtMs`
    ? `${SnakeCase<Stem>}_at`
    : SnakeCase<Field>]: Field extends `${string}AtMs` ? Retyped<Record[Field], number, Date> : Record[Field];
};

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * The inverse of `recordFromRow`, for the values of an insert or an update: `userId` becomes
 * `user_id`, `reviewedAtMs` (a number, or null) becomes `reviewed_at` (a Date, or null); an
 * undefined field stays undefined (Kysely leaves it out). Kysely checks the result against the
 * table: a column the row needs that is missing, or a value of the wrong type, fails the build. Example: { amountMinor: 150000n, createdAtMs: 1000 } becomes
 * { amount_minor: 150000n, created_at: <Date 1970-01-01T00:00:01Z> }.
 */
export function rowFromRecord<Record extends object>(record: Record): RowOfRecord<Record> {
  const row: { [column: string]: unknown } = {};
  for (const [field, value] of Object.entries(record)) {
    if (field.endsWith('AtMs'))
      row[snakeCase(field.slice(0, -'Ms'.length))] =
        value === null || value === undefined ? value : new Date(value as number);
    else row[snakeCase(field)] = value;
  }
  return row as RowOfRecord<Record>;
}
