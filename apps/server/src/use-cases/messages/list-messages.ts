import type { BodyOf, DataOf, listMessages } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countUnreadMessages } from '../../repositories/message.repository.js';
import { readMessagePage } from './message-page.js';

/** The investor's notices, newest first, each rendered in the language of this request. */
export async function listUserMessages(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof listMessages>,
): Promise<DataOf<typeof listMessages>> {
  const page = await readMessagePage(deps.db, context.user.id, input, context.language);
  return { ...page, unread: await countUnreadMessages(deps.db, context.user.id) };
}
