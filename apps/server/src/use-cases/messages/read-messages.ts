import type { readMessages } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { countUnreadMessages, setMessagesRead } from '../../repositories/message.repository.js';

/** Marks the given notices, or all of them, as read. Only the investor's own notices change. */
export const markMessagesRead: InvestorUseCase<typeof readMessages> = async (deps, context, input) => {
  const ids = input.ids ?? [];
  if (!input.all && ids.length === 0) refuse('FORM_INCOMPLETE');
  await setMessagesRead(deps.db, context.user.id, input.all ? 'all' : ids.map(BigInt), context.nowMs);
  const unread = await countUnreadMessages(deps.db, context.user.id);
  deps.userEvents.publishUserEvent(context.user.id, { type: 'unread', unread });
  return { unread };
};
