import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Arg, compiledQuery } from '../src/repositories/compiled-query.js';
import { openTestDatabase } from './harness.js';

const database = await openTestDatabase();
const db = database.db;
afterAll(() => database.close());

// The parameters table is seeded by the migrations: a small table every database has.
const parameterNamed = compiledQuery((handle, arg: Arg<{ name: string }>) =>
  handle.selectFrom('parameters').select(['name', 'value']).where('name', '=', arg('name')).limit(1),
);

describe('a query compiled once (docs/adr/0038)', () => {
  it('answers each call with its own arguments, as the same query built per call does', async () => {
    const names = (await db.selectFrom('parameters').select('name').orderBy('name').limit(3).execute()).map(
      (row) => row.name,
    );
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) {
      const built = await db
        .selectFrom('parameters')
        .select(['name', 'value'])
        .where('name', '=', name)
        .limit(1)
        .execute();
      expect(await parameterNamed(db, { name })).toEqual(built);
    }
    expect(await parameterNamed(db, { name: 'no.such.parameter' })).toEqual([]);
  });

  it('runs inside a transaction, seeing that transaction’s own writes', async () => {
    const seen = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('parameters')
        .values({ name: 'test.compiled_query', value: JSON.stringify(7) })
        .execute();
      const inside = await parameterNamed(trx, { name: 'test.compiled_query' });
      await trx.deleteFrom('parameters').where('name', '=', 'test.compiled_query').execute();
      return inside;
    });
    expect(seen).toEqual([{ name: 'test.compiled_query', value: 7 }]);
    expect(await parameterNamed(db, { name: 'test.compiled_query' })).toEqual([]);
  });

  it('refuses an argument that does not become a parameter of the SQL, rather than ignore it', async () => {
    const written = compiledQuery((handle, arg: Arg<{ name: string }>) =>
      handle
        .selectFrom('parameters')
        .select('name')
        .where('name', '=', sql.lit(arg('name'))),
    );
    await expect(written(db, { name: 'x' })).rejects.toThrow();
    const dropped = compiledQuery((handle, arg: Arg<{ name: string }>) => {
      arg('name');
      return handle.selectFrom('parameters').select('name').where('name', '=', 'x');
    });
    await expect(dropped(db, { name: 'y' })).rejects.toThrow(/not a parameter/);
  });
});
