/**
 * A value read from the database and kept per database handle for `maxAgeMs` (wall time: a cache, not
 * a rule), so hot paths (every order, every engine beat) do not pay a query for rows staff rarely
 * change. `forget` drops it at once, after this process changed those rows. A read that was in flight
 * when `forget` ran still answers its caller, but its value is not kept: it may predate the change.
 */
export function perDbCache<Value>(maxAgeMs: number) {
  const entries = new WeakMap<object, { readAtMs: number; value: Value }>();
  const generations = new WeakMap<object, number>();
  return {
    async get(db: object, read: () => Promise<Value>): Promise<Value> {
      const readAtMs = performance.now();
      const entry = entries.get(db);
      if (entry && readAtMs - entry.readAtMs < maxAgeMs) return entry.value;
      const generation = generations.get(db) ?? 0;
      const value = await read();
      if ((generations.get(db) ?? 0) === generation) entries.set(db, { readAtMs, value });
      return value;
    },
    forget(db: object): void {
      entries.delete(db);
      generations.set(db, (generations.get(db) ?? 0) + 1);
    },
  };
}
