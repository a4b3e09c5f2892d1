import type { BodyOf, DataOf, reverseLedgerEntry } from '@nivesh/contract';
import { type CurrencyCode, reverseEntry } from '@nivesh/core';
import { inTransaction } from '../../db/transaction.js';
import { refuse } from '../../http/app-error.js';
import type { AppDeps } from '../../http/context.js';
import type { StaffContext } from '../../http/register-console-call.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { postEntry } from '../../repositories/ledger.repository.js';

/**
 * A staff correction: posts the exact reversal of an entry, with a required reason and an audit
 * row. Nothing edits a posting (DESIGN rule 1.4). An entry is reversed at most once (the reversal's
 * key is unique), and a reversal is not itself reversed here: post a new entry instead. A reversal
 * that would take a user's cash below zero is refused as FUNDS_INSUFFICIENT.
 */
export async function reverseJournalEntry(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof reverseLedgerEntry>,
): Promise<DataOf<typeof reverseLedgerEntry>> {
  const entryId = BigInt(input.entryId);
  return inTransaction(deps.db, async (trx) => {
    const entry = await trx
      .selectFrom('journal_entries')
      .selectAll()
      .where('id', '=', entryId)
      .executeTakeFirst();
    if (!entry) return refuse('ORDER_NOT_FOUND');
    if (entry.reverses_entry_id !== null) return refuse('REPEATED_OPERATION', { state: 'reversible' });
    const postings = await trx
      .selectFrom('postings')
      .select(['account_id', 'amount_minor', 'currency'])
      .where('entry_id', '=', entryId)
      .execute();
    const draft = reverseEntry(
      {
        key: entry.entry_key,
        kind: entry.kind,
        postings: postings.map((posting) => ({
          accountId: posting.account_id,
          amountMinor: posting.amount_minor,
          currency: posting.currency as CurrencyCode,
        })),
      },
      { reason: input.reason },
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
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'ledger.reverse',
      target: { type: 'journal_entry', id: entryId },
      before: { key: entry.entry_key, kind: entry.kind },
      after: { reversalEntryId: posted.id, key: posted.key },
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    return { entryId: String(posted.id), key: posted.key };
  });
}
