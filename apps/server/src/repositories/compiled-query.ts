import { invariant } from '@nivesh/core';
import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import type { Db } from '../db/database.js';

/** Stands for a named argument while the query is built; never reaches the database. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** Where one parameter of the compiled SQL comes from: a call's argument, or a constant of the build. */
type Slot = { argument: string } | { constant: unknown };

/**
 * A query built and compiled to SQL once, then run with each call's arguments on any handle, the
 * root or a transaction (docs/adr/0038). Kysely otherwise builds an operation tree and compiles it
 * to SQL text on every call, which on the order path cost more Node CPU than the statement's own
 * round trip to the database. `build` receives `arg(name)`, a placeholder typed as that argument;
 * compiling records which parameter each placeholder became, and a run puts the call's values
 * there. SQL stays in the repository that owns the table: the builder is ordinary Kysely.
 *
 * One compilation serves every handle: both drivers (pg and PGlite) compile with Kysely's
 * PostgreSQL compiler and no plugins, so the text does not depend on the handle.
 *
 * @example
 * const findOrder = compiledQuery((db, arg: Arg<{ id: bigint }>) =>
 *   db.selectFrom('positions').selectAll().where('id', '=', arg('id')),
 * );
 * const rows = await findOrder(trx, { id: 42n });
 */
export function compiledQuery<Args extends Record<string, unknown>, Row>(
  build: (db: Db, arg: Arg<Args>) => Compilable<Row>,
): (db: Db, args: Args) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; slots: Slot[] } | undefined;
  return async (db, args) => {
    compiled ??= compileWithSlots(db, build);
    const { query, slots } = compiled;
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
    const result = await db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters });
    return result.rows;
  };
}

/** A placeholder for the argument `name`, typed as that argument so the builder type-checks. */
export type Arg<Args> = <Name extends keyof Args & string>(name: Name) => Args[Name];

function compileWithSlots<Args, Row>(
  db: Db,
  build: (db: Db, arg: Arg<Args>) => Compilable<Row>,
): { query: CompiledQuery<Row>; slots: Slot[] } {
  const named = new Set<string>();
  const arg = ((name: string) => {
    named.add(name);
    return new Placeholder(name);
  }) as Arg<Args>;
  const query = build(db, arg).compile();
  const slots = query.parameters.map(
    (value): Slot => (value instanceof Placeholder ? { argument: value.name } : { constant: value }),
  );
  // A placeholder Kysely wrote into the SQL text rather than as a parameter would run as text.
  for (const name of named)
    invariant(
      slots.some((slot) => 'argument' in slot && slot.argument === name),
      `compiled query: the argument ${name} is not a parameter of ${query.sql}`,
    );
  return { query, slots };
}
