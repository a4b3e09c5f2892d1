import { describe, expect, it } from 'vitest';
import { perDbCache } from '../src/repositories/per-db-cache.js';

/** A read whose answer the test gives when it chooses, counting how often it was started. */
function controlledReads() {
  const pending: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  return {
    started: () => pending.length,
    read: () =>
      new Promise<string>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
    answer: (index: number, value: string) => pending[index]!.resolve(value),
    fail: (index: number, error: Error) => pending[index]!.reject(error),
  };
}

describe('perDbCache', () => {
  it('gives callers that find the copy stale together one read, and keeps its value', async () => {
    const cache = perDbCache<string>(60_000);
    const db = {};
    const reads = controlledReads();
    const callers = [cache.get(db, reads.read), cache.get(db, reads.read), cache.get(db, reads.read)];
    expect(reads.started()).toBe(1);
    reads.answer(0, 'instruments v1');
    expect(await Promise.all(callers)).toEqual(['instruments v1', 'instruments v1', 'instruments v1']);
    expect(await cache.get(db, reads.read)).toBe('instruments v1');
    expect(reads.started()).toBe(1);
  });

  it('reads again once the copy is older than its age, one read for all', async () => {
    const cache = perDbCache<string>(0);
    const db = {};
    const reads = controlledReads();
    const first = cache.get(db, reads.read);
    reads.answer(0, 'v1');
    expect(await first).toBe('v1');
    const again = [cache.get(db, reads.read), cache.get(db, reads.read)];
    expect(reads.started()).toBe(2);
    reads.answer(1, 'v2');
    expect(await Promise.all(again)).toEqual(['v2', 'v2']);
  });

  it('does not give a caller after forget a read begun before it, nor keep that read', async () => {
    const cache = perDbCache<string>(60_000);
    const db = {};
    const reads = controlledReads();
    const before = cache.get(db, reads.read);
    cache.forget(db);
    const after = cache.get(db, reads.read);
    expect(reads.started()).toBe(2);
    reads.answer(0, 'before the change');
    reads.answer(1, 'after the change');
    expect(await before).toBe('before the change');
    expect(await after).toBe('after the change');
    expect(await cache.get(db, reads.read)).toBe('after the change');
    expect(reads.started()).toBe(2);
  });

  it('shares a read only among callers reading through the same handle', async () => {
    const cache = perDbCache<string>(60_000);
    const db = {};
    const transaction = {};
    const reads = controlledReads();
    const root = cache.get(db, reads.read);
    const inTransaction = cache.get(db, reads.read, transaction);
    const inTheSameTransaction = cache.get(db, reads.read, transaction);
    expect(reads.started()).toBe(2);
    reads.answer(0, 'root');
    reads.answer(1, 'transaction');
    expect(await root).toBe('root');
    expect(await inTransaction).toBe('transaction');
    expect(await inTheSameTransaction).toBe('transaction');
  });

  it('gives a failed read to every caller that waited for it, keeps nothing, and reads again', async () => {
    const cache = perDbCache<string>(60_000);
    const db = {};
    const reads = controlledReads();
    const callers = [cache.get(db, reads.read), cache.get(db, reads.read)];
    reads.fail(0, new Error('connection lost'));
    for (const caller of callers) await expect(caller).rejects.toThrow('connection lost');
    const retry = cache.get(db, reads.read);
    expect(reads.started()).toBe(2);
    reads.answer(1, 'v1');
    expect(await retry).toBe('v1');
  });
});
