import {
  type BodyOf,
  type DataOf,
  type readUserMessages as readUserMessagesCall,
  renderMessage,
} from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { toStoredMessage } from '../../repositories/message.repository.js';
import { keysetPage } from '../../repositories/paging.js';
import { findUserById } from '../../repositories/user.repository.js';

const DEFAULT_PAGE = 20;

/** An investor's notices for the console, rendered in English for staff, newest first, paged by id. */
export async function readUserMessages(
  db: Db,
  input: BodyOf<typeof readUserMessagesCall>,
): Promise<DataOf<typeof readUserMessagesCall>> {
  const userId = BigInt(input.userId);
  (await findUserById(db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  const limit = input.limit ?? DEFAULT_PAGE;
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (input.cursor) query = query.where('id', '<', BigInt(input.cursor));
  const rows = (await query.execute()).map(toStoredMessage);
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((message) => ({
      id: message.id.toString(),
      kind: message.kind,
      ...renderMessage(message.kind, 'en', message.params),
      time: message.createdAtMs,
      read: message.readAtMs !== null,
    })),
    nextCursor,
  };
}
