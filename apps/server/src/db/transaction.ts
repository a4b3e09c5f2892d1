import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './database.js';
import { isTransientConflict } from './errors.js';

const MAX_ATTEMPTS = 5;

/**
 * Runs `work` in a transaction, retrying a bounded number of times when PostgreSQL reports a
 * serialization failure or a deadlock, with a short jittered backoff. Such errors mean "try again",
 * never "you did something wrong", so no user sees them; after the last attempt the error goes on
 * as an internal error.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
      await sleep(Math.random() * 10 * attempt);
    }
  }
}
