import { type Kysely, sql } from 'kysely';

/**
 * Runs DDL statements one by one: PGlite's extended protocol takes one statement per query, and
 * function bodies contain semicolons, so statements are listed, never split from one string.
 */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
