import {
  decodeParameterValue,
  defaultParameterValues,
  encodeParameterValue,
  isParameterName,
  PARAMETERS,
  type ParameterName,
  type ParameterValue,
  type ParameterValues,
} from '@nivesh/core';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * A parameter's value (DESIGN.md section 5): the stored one, or the registry's default while it is
 * unset. Read it where the rule runs, so a change in the console is effective at once.
 *
 * @example await readParameter(db, 'stop_out_loss_bps') // 8000 until staff change it
 */
export async function readParameter<N extends ParameterName>(db: Db, name: N): Promise<ParameterValue<N>> {
  const row = await db.selectFrom('parameters').select('value').where('name', '=', name).executeTakeFirst();
  const stored = row ? decodeParameterValue(name, row.value) : undefined;
  return stored ?? (PARAMETERS[name].default as ParameterValue<N>);
}

/** Every parameter's value in one read, defaults filled in. */
export async function readParameters(db: Db): Promise<ParameterValues> {
  return (await readParameterRows(db)).values;
}

/** Every value, and when each stored one last changed (absent: never set, the default applies). */
export async function readParameterRows(
  db: Db,
): Promise<{ values: ParameterValues; updatedAt: Map<ParameterName, number> }> {
  const rows = await db.selectFrom('parameters').select(['name', 'value', 'updated_at']).execute();
  return parameterValuesOf(rows);
}

/**
 * The registry's values from rows of the `parameters` table (rows that name no parameter, such as
 * reference data kept there, are skipped), for a caller that also needs those other rows.
 */
export function parameterValuesOf(rows: readonly { name: string; value: unknown; updated_at: Date }[]): {
  values: ParameterValues;
  updatedAt: Map<ParameterName, number>;
} {
  const values = defaultParameterValues() as Record<ParameterName, unknown>;
  const updatedAt = new Map<ParameterName, number>();
  for (const row of rows) {
    if (!isParameterName(row.name)) continue;
    const decoded = decodeParameterValue(row.name, row.value);
    if (decoded === undefined) continue;
    values[row.name] = decoded;
    updatedAt.set(row.name, row.updated_at.getTime());
  }
  return { values: values as ParameterValues, updatedAt };
}

/** Stores a value (already validated) and locks the row for the rest of the transaction. */
export async function writeParameter<N extends ParameterName>(
  trx: Db,
  name: N,
  value: ParameterValue<N>,
  atMs: number,
): Promise<void> {
  const json = JSON.stringify(encodeParameterValue(name, value));
  await trx
    .insertInto('parameters')
    .values({ name, value: json, updated_at: new Date(atMs) })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ value: json, updated_at: new Date(atMs) }),
    )
    .execute();
}

/**
 * Makes the transaction the only one changing parameters until it ends, so two staff cannot each
 * pass the min ≤ max check against the other's old value.
 */
export async function lockParameterChanges(trx: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('nivesh.parameters'))`.execute(trx);
}
