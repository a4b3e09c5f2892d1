import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * PostgreSQL session advisory locks (ADR 0007). Each call runs on the one connection it is given: a
 * session lock belongs to its connection, so taking, keeping and releasing it must use the same one.
 */

/** Takes the lock if no other session holds it; true when this connection now holds it. */
export async function tryAdvisoryLock(connection: Db, key: bigint): Promise<boolean> {
  const taken = await sql<{ taken: boolean }>`SELECT pg_try_advisory_lock(${key}) AS taken`.execute(
    connection,
  );
  return taken.rows[0]?.taken === true;
}

/** Releases a lock this connection holds. */
export async function releaseAdvisoryLock(connection: Db, key: bigint): Promise<void> {
  await sql`SELECT pg_advisory_unlock(${key})`.execute(connection);
}

/** A round trip on the connection: it throws when the connection is gone. */
export async function pingConnection(connection: Db): Promise<void> {
  await sql`SELECT 1`.execute(connection);
}
