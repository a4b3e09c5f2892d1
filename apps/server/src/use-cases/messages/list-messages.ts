import type { listMessages } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { countUnreadMessages } from '../../repositories/message.repository.js';
import { readMessagePage } from './message-page.js';

/** The investor's notices, newest first, each rendered in the language of this request. */
export const listUserMessages: InvestorUseCase<typeof listMessages> = async (deps, context, input) => {
  const page = await readMessagePage(deps.db, context.user.id, input, context.language);
  return { ...page, unread: await countUnreadMessages(deps.db, context.user.id) };
};
