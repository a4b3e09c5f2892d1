/**
 * A value read from the database and kept per database handle for `maxAgeMs` (wall time: a cache, not
 * a rule), so hot paths (every order, every engine beat) do not pay a query for rows staff rarely
 * change. `forget` drops it at once, after this process changed those rows. A read that was in flight
 * when `forget` ran still answers its caller, but its value is not kept: it may predate the change.
 *
 * Callers that find the copy stale while a read is in flight wait for that read rather than start
 * their own: at a market open every order in progress finds it stale in the same instant, and each
 * reading every instrument again cost more than the orders themselves (docs/adr/0038).
 */
export function perDbCache<Value>(maxAgeMs: number) {
  const entries = new WeakMap<object, { readAtMs: number; value: Value }>();
  const generations = new WeakMap<object, number>();
  // Keyed by the handle the read goes through: a read inside one transaction is shared only with
  // that transaction's callers (on PGlite a read through the root handle waits for any transaction).
  const reads = new WeakMap<object, { generation: number; value: Promise<Value> }>();
  return {
    async get(db: object, read: () => Promise<Value>, readWith: object = db): Promise<Value> {
      const readAtMs = performance.now();
      const entry = entries.get(db);
      if (entry && readAtMs - entry.readAtMs < maxAgeMs) return entry.value;
      const generation = generations.get(db) ?? 0;
      const inFlight = reads.get(readWith);
      // Begun before this call and after the last `forget`: as fresh as a read begun now.
      if (inFlight && inFlight.generation === generation) return inFlight.value;
      const reading = read();
      reads.set(readWith, { generation, value: reading });
      try {
        const value = await reading;
        if ((generations.get(db) ?? 0) === generation) entries.set(db, { readAtMs, value });
        return value;
      } finally {
        if (reads.get(readWith)?.value === reading) reads.delete(readWith);
      }
    },
    forget(db: object): void {
      entries.delete(db);
      generations.set(db, (generations.get(db) ?? 0) + 1);
    },
  };
}
