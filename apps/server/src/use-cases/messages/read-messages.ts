import type { BodyOf, DataOf, readMessages } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { countUnreadMessages } from '../../repositories/message.repository.js';

/** Marks the given notices, or all of them, as read. Only the investor's own notices change. */
export async function markMessagesRead(
  deps: AppDeps,
  context: UserContext,
  input: BodyOf<typeof readMessages>,
): Promise<DataOf<typeof readMessages>> {
  const ids = input.ids ?? [];
  if (!input.all && ids.length === 0) refuse('FORM_INCOMPLETE');
  let update = deps.db
    .updateTable('messages')
    .set({ read_at: new Date(context.nowMs) })
    .where('user_id', '=', context.user.id)
    .where('read_at', 'is', null);
  if (!input.all) update = update.where('id', 'in', ids.map(BigInt));
  await update.execute();
  const unread = await countUnreadMessages(deps.db, context.user.id);
  deps.userEvents.publishUserEvent(context.user.id, { type: 'unread', unread });
  return { unread };
}
