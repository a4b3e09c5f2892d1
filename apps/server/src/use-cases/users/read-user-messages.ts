import type { BodyOf, DataOf, readUserMessages as readUserMessagesCall } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { findUserById } from '../../repositories/user.repository.js';
import { readMessagePage } from '../messages/message-page.js';

/** An investor's notices for the console, rendered in English for staff, newest first, paged by id. */
export async function readUserMessages(
  db: Db,
  input: BodyOf<typeof readUserMessagesCall>,
): Promise<DataOf<typeof readUserMessagesCall>> {
  const userId = BigInt(input.userId);
  (await findUserById(db, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
  return readMessagePage(db, userId, input, 'en');
}
