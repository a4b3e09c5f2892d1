import { type BodyOf, type DataOf, type listMessages, renderMessage } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countUnreadMessages, toStoredMessage } from '../../repositories/message.repository.js';
import { keysetPage } from '../../repositories/paging.js';

const DEFAULT_PAGE = 20;

/** The investor's notices, newest first, each rendered in the language of this request. */
export async function listUserMessages(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof listMessages>,
): Promise<DataOf<typeof listMessages>> {
  const limit = input.limit ?? DEFAULT_PAGE;
  let query = deps.db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', context.user.id)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (input.cursor) query = query.where('id', '<', BigInt(input.cursor));
  const rows = (await query.execute()).map(toStoredMessage);
  const { page, nextCursor } = keysetPage(rows, limit);
  return {
    items: page.map((message) => ({
      id: message.id.toString(),
      kind: message.kind,
      ...renderMessage(message.kind, context.language, message.params),
      time: message.createdAtMs,
      read: message.readAtMs !== null,
    })),
    nextCursor,
    unread: await countUnreadMessages(deps.db, context.user.id),
  };
}
