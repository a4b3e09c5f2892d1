import type { Db } from '../db/database.js';
import type { KycSubmissionsTable } from '../db/schema.js';
import { oldestFirstPage } from './paging.js';
import { type ReviewQueueFilter, whereQueueTools } from './queue-tools.js';
import { findNewestRows, lockRecord } from './row-lookups.js';
import { rowFromRecord } from './row-records.js';
import { insertRow, updateRows } from './row-writes.js';

/** The `kyc_submissions` table: an investor's identity submissions and their review. */
export type KycStatus = 'pending' | 'verified' | 'rejected';

export interface KycSubmissionRecord {
  id: bigint;
  userId: bigint;
  fullName: string;
  idType: KycSubmissionsTable['id_type'];
  /** The number as it may be shown: masked for Aadhaar. */
  idDisplay: string;
  frontUploadId: string;
  backUploadId: string;
  status: KycStatus;
  rejectReason: string | null;
  submittedAtMs: number;
  reviewedAtMs: number | null;
}

/** A submission as the review queue shows it: with the investor and the reviewer's name. */
export interface KycReviewRecord extends KycSubmissionRecord {
  phone: string;
  /** The investor's name on the account now (the submitted one becomes it on approval). */
  accountName: string | null;
  reviewerUsername: string | null;
}

function toKycSubmissionRecord(row: {
  id: bigint;
  user_id: bigint;
  full_name: string;
  id_type: KycSubmissionsTable['id_type'];
  id_display: string;
  front_upload_id: string;
  back_upload_id: string;
  status: KycStatus;
  reject_reason: string | null;
  submitted_at: Date;
  reviewed_at: Date | null;
}): KycSubmissionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    fullName: row.full_name,
    idType: row.id_type,
    idDisplay: row.id_display,
    frontUploadId: row.front_upload_id,
    backUploadId: row.back_upload_id,
    status: row.status,
    rejectReason: row.reject_reason,
    submittedAtMs: row.submitted_at.getTime(),
    reviewedAtMs: row.reviewed_at?.getTime() ?? null,
  };
}

export async function findLatestKycSubmission(
  db: Db,
  userId: bigint,
): Promise<KycSubmissionRecord | undefined> {
  const [row] = await findNewestRows(db, 'kyc_submissions', { user_id: userId }, 1);
  return row && toKycSubmissionRecord(row);
}

/** A submission, its row locked until the transaction ends. */
export async function lockKycSubmission(trx: Db, id: bigint): Promise<KycSubmissionRecord | undefined> {
  return lockRecord(trx, 'kyc_submissions', { id }, toKycSubmissionRecord);
}

export async function insertKycSubmission(
  trx: Db,
  submission: {
    userId: bigint;
    fullName: string;
    idType: KycSubmissionsTable['id_type'];
    idDisplay: string;
    idLast4: string;
    /** The keyed hash of the number: the same identity gives the same hash (one account each). */
    idHmac: string;
    frontUploadId: string;
    backUploadId: string;
    submittedAtMs: number;
  },
): Promise<void> {
  await insertRow(trx, 'kyc_submissions', rowFromRecord(submission));
}

/** Records a reviewer's decision on a submission. */
export async function updateKycDecision(
  trx: Db,
  id: bigint,
  decision: {
    status: 'verified' | 'rejected';
    rejectReason: string | null;
    reviewedBy: bigint;
    atMs: number;
  },
): Promise<void> {
  const { atMs, ...decided } = decision;
  await updateRows(trx, 'kyc_submissions', { id }, rowFromRecord({ ...decided, reviewedAtMs: atMs }));
}

function kycReviewQuery(db: Db) {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .leftJoin('staff_users as s', 's.id', 'k.reviewed_by')
    .selectAll('k')
    .select(['u.phone', 'u.real_name', 's.username as reviewer']);
}

type KycReviewRow = Awaited<ReturnType<ReturnType<typeof kycReviewQuery>['executeTakeFirstOrThrow']>>;

function toKycReviewRecord(row: KycReviewRow): KycReviewRecord {
  return {
    ...toKycSubmissionRecord(row),
    phone: row.phone,
    accountName: row.real_name,
    reviewerUsername: row.reviewer ?? null,
  };
}

/** Submissions in one status (of one user, when given) oldest first, after `afterId`, at most `limit`. */
export async function listKycReviews(
  db: Db,
  filter: ReviewQueueFilter<KycStatus>,
): Promise<KycReviewRecord[]> {
  let select = kycReviewQuery(db).where('k.status', '=', filter.status);
  if (filter.userId !== undefined) select = select.where('k.user_id', '=', filter.userId);
  if (filter.tools) select = whereQueueTools(select, { createdAt: 'k.submitted_at' }, filter.tools);
  return (await oldestFirstPage(select, 'k.id', filter).execute()).map(toKycReviewRecord);
}

export async function findKycReview(db: Db, id: bigint): Promise<KycReviewRecord | undefined> {
  const row = await kycReviewQuery(db).where('k.id', '=', id).executeTakeFirst();
  return row && toKycReviewRecord(row);
}

/** An investor's submissions, newest first, at most `limit` (the console's customer view). */
export async function listKycSubmissionsOfUser(
  db: Db,
  userId: bigint,
  limit: number,
): Promise<KycSubmissionRecord[]> {
  const rows = await db
    .selectFrom('kyc_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toKycSubmissionRecord);
}
