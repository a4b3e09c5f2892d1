import type { sendUserMessage as sendUserMessageCall } from '@nivesh/contract';
import { invariant } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * Staff send one investor a message (kind STAFF_MESSAGE: the staff member's subject and text) to
 * their message centre, and to their open app once committed
 * (docs/adr/0029-staff-administration-and-customer-view.md). Audited as `user.message.send` with the
 * text and the reason.
 */
export const sendUserMessage: StaffUseCase<typeof sendUserMessageCall> = async (deps, context, input) => {
  const userId = BigInt(input.userId);
  const subject = input.subject.trim();
  const text = input.text.trim();
  if (subject === '') refuse('VALIDATION_FAILED', { field: 'subject', reason: 'must not be blank' });
  if (text === '') refuse('VALIDATION_FAILED', { field: 'text', reason: 'must not be blank' });
  const message = await inTransaction(deps.db, async (trx) => {
    (await lockUserById(trx, userId)) ?? refuse('ACCOUNT_NOT_FOUND');
    const stored = await insertUserMessage(trx, {
      userId,
      kind: 'STAFF_MESSAGE',
      params: { subject, text },
      atMs: context.nowMs,
    });
    invariant(stored !== null, 'a staff message has no dedupe key, so it is always stored');
    await auditStaffAct(trx, context, {
      action: 'user.message.send',
      target: { type: 'user', id: userId },
      after: { messageId: String(stored.id), subject, text },
      reason: input.reason,
    });
    return stored;
  });
  publishMessage(deps.userEvents, message);
  return { messageId: String(message.id), sentAt: message.createdAtMs };
};
