import type { DataOf, unreadMessages } from '@nivesh/contract';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countUnreadMessages } from '../../repositories/message.repository.js';

export async function countUnread(
  deps: AppDeps,
  context: UserContext,
): Promise<DataOf<typeof unreadMessages>> {
  return { unread: await countUnreadMessages(deps.db, context.user.id) };
}
