import type { reverseLedgerEntry } from '@nivesh/contract';
import { type CurrencyCode, reverseEntry } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffContext, StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  entryAmounts,
  findJournalEntry,
  findReversalOf,
  largestAmount,
  listEntryPostings,
} from '../../repositories/journal.repository.js';
import { type PostedEntry, postEntry } from '../../repositories/ledger.repository.js';
import {
  hasPendingReversalRequest,
  insertReversalRequest,
} from '../../repositories/ledger-reversal-request.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

/**
 * A staff correction: posts the exact reversal of an entry, with a required reason and an audit
 * row. Nothing edits a posting (DESIGN rule 1.4). An entry is reversed at most once (the reversal's
 * key is unique), and a reversal is not itself reversed here: post a new entry instead. A reversal
 * that would take a user's cash below zero is refused as FUNDS_INSUFFICIENT.
 *
 * Above the `ledger_reversal_second_approver_above` parameter (compared with the largest amount the
 * entry moved in one currency, in minor units) nothing is posted yet: a pending request waits for
 * another finance staff member (ledger/decideReversal).
 */
export const reverseJournalEntry: StaffUseCase<typeof reverseLedgerEntry> = async (deps, context, input) => {
  const entryId = BigInt(input.entryId);
  return inTransaction(deps.db, async (trx) => {
    const entry = await reversibleEntry(trx, entryId);
    const amount = largestAmount((await entryAmounts(trx, [entryId])).get(entryId));
    const threshold = await readParameter(trx, 'ledger_reversal_second_approver_above');
    if (amount > threshold) {
      if (await hasPendingReversalRequest(trx, entryId)) return refuse('REVERSAL_ALREADY_PENDING');
      const requestId = await insertReversalRequest(trx, {
        entryId,
        amountMinor: amount,
        reason: input.reason,
        staffId: context.staff.id,
        atMs: context.nowMs,
      });
      await auditStaffAct(trx, context, {
        action: 'ledger.reverse.request',
        target: { type: 'journal_entry', id: entryId },
        before: { key: entry.entry_key, kind: entry.kind },
        after: { requestId, amountMinor: amount, thresholdMinor: threshold },
        reason: input.reason,
      });
      return { state: 'pending_approval', entryId: null, key: null, requestId: String(requestId) };
    }
    const posted = await postReversal(trx, context, entryId, input.reason);
    return { state: 'posted', entryId: String(posted.id), key: posted.key, requestId: null };
  });
};

async function reversibleEntry(trx: Db, entryId: bigint) {
  const entry = await findJournalEntry(trx, entryId);
  if (!entry) return refuse('JOURNAL_ENTRY_NOT_FOUND');
  if (entry.reverses_entry_id !== null) return refuse('REPEATED_OPERATION', { state: 'reversible' });
  // Reversed already: no second reversal, and no request for one.
  if ((await findReversalOf(trx, entryId)) !== undefined)
    return refuse('REPEATED_OPERATION', { state: 'reversible' });
  return entry;
}

/** Posts the reversal of an entry inside the caller's transaction, and audits it. */
export async function postReversal(
  trx: Db,
  context: StaffContext,
  entryId: bigint,
  reason: string,
): Promise<PostedEntry> {
  const entry = await reversibleEntry(trx, entryId);
  const postings = await listEntryPostings(trx, entryId);
  const draft = reverseEntry(
    {
      key: entry.entry_key,
      kind: entry.kind,
      postings: postings.map((posting) => ({
        accountId: posting.accountId,
        amountMinor: posting.amountMinor,
        currency: posting.currency as CurrencyCode,
      })),
    },
    { reason },
  );
  const posted = await postEntry(trx, {
    ...draft,
    reference: String(entryId),
    referenceType: 'journal_entry',
    postedBy: { type: 'staff', id: context.staff.id },
    atMs: context.nowMs,
    reversesEntryId: entryId,
  });
  if (!posted.created) return refuse('REPEATED_OPERATION', { state: 'reversible' });
  await auditStaffAct(trx, context, {
    action: 'ledger.reverse',
    target: { type: 'journal_entry', id: entryId },
    before: { key: entry.entry_key, kind: entry.kind },
    after: { reversalEntryId: posted.id, key: posted.key },
    reason,
  });
  return posted;
}
