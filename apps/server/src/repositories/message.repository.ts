import type { MessageKind, MessageParams } from '@nivesh/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserEventChannel } from '../streaming/user-events.js';
import { newestFirstPage, type PageBefore } from './paging.js';

export interface StoredMessage {
  id: bigint;
  userId: bigint;
  kind: string;
  params: MessageParams;
  createdAtMs: number;
  readAtMs: number | null;
}

export interface NewMessage {
  userId: bigint;
  kind: MessageKind;
  params?: MessageParams;
  /**
   * Makes the notice exist at most once, e.g. `deposit:42:approved` or `fill:order:7`. Pass it for
   * every notice sent by an idempotent act, so a retried act never notifies twice.
   */
  dedupeKey?: string;
  atMs: number;
}

/**
 * Writes a notice for a user inside the caller's transaction, so it exists exactly when the act
 * does. Returns the message, or null when its dedupe key was already used (already sent).
 * After the transaction commits, hand the result to `publishMessage` to reach the user's sockets.
 */
export async function insertUserMessage(trx: Db, message: NewMessage): Promise<StoredMessage | null> {
  const row = await trx
    .insertInto('messages')
    .values({
      user_id: message.userId,
      kind: message.kind,
      params: JSON.stringify(message.params ?? {}),
      dedupe_key: message.dedupeKey ?? null,
      created_at: new Date(message.atMs),
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? toStoredMessage(row) : null;
}

/** Tells the user's open sockets (on any server process) that a notice arrived. */
export function publishMessage(events: UserEventChannel, message: StoredMessage | null): void {
  if (!message) return;
  events.publishUserEvent(message.userId, {
    type: 'message',
    id: message.id.toString(),
    kind: message.kind,
    params: message.params,
    createdAt: message.createdAtMs,
  });
}

export async function countUnreadMessages(db: Db, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select(sql<string>`count(*)`.as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export function toStoredMessage(row: {
  id: bigint;
  user_id: bigint;
  kind: string;
  params: unknown;
  created_at: Date;
  read_at: Date | null;
}): StoredMessage {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    params: (row.params ?? {}) as MessageParams,
    createdAtMs: row.created_at.getTime(),
    readAtMs: row.read_at ? row.read_at.getTime() : null,
  };
}

/** A user's notices newest first, at most `limit`, older than `beforeId` when given. */
export async function listMessages(db: Db, userId: bigint, page: PageBefore): Promise<StoredMessage[]> {
  const select = db.selectFrom('messages').selectAll().where('user_id', '=', userId);
  return (await newestFirstPage(select, 'id', page).execute()).map(toStoredMessage);
}

/** Marks unread notices of a user as read: the given ones, or all of them. */
export async function setMessagesRead(
  db: Db,
  userId: bigint,
  which: readonly bigint[] | 'all',
  atMs: number,
): Promise<void> {
  let update = db
    .updateTable('messages')
    .set({ read_at: new Date(atMs) })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (which !== 'all') update = update.where('id', 'in', which);
  await update.execute();
}
