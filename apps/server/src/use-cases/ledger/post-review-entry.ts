import type { StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { type PostEntryInput, type PostedEntry, postEntry } from '../../repositories/ledger.repository.js';

/** The row a staff review decides and the step that moves money (`deposit`, 7, `approve`). */
export interface ReviewStep {
  referenceType: string;
  id: bigint;
  step: string;
}

/**
 * Posts the ledger entry of a staff review (a deposit approved, a withdrawal paid or rejected, a loan
 * disbursed): keyed `<referenceType>:<id>:<step>` so a retried review posts it once, referencing
 * the reviewed row, posted by the reviewing staff member at the request's time.
 */
export function postReviewEntry(
  trx: Db,
  context: StaffContext,
  review: ReviewStep,
  entry: Pick<PostEntryInput, 'kind' | 'memo' | 'reason' | 'postings'>,
): Promise<PostedEntry> {
  return postEntry(trx, {
    key: `${review.referenceType}:${review.id}:${review.step}`,
    ...entry,
    reference: String(review.id),
    referenceType: review.referenceType,
    postedBy: { type: 'staff', id: context.staff.id },
    atMs: context.nowMs,
  });
}
