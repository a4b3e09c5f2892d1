import type { BodyOf, DataOf, searchUsers as searchUsersCall } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import { readConsolePage } from '../../repositories/paging.js';
import { searchUsersPage } from '../../repositories/user.repository.js';
import { toUserSummary } from './user-summary.js';

/**
 * Finds investors for the console. A query of digits matches the id exactly or the phone in part;
 * other text matches the KYC name in part, case-insensitively. Newest accounts first.
 */
export async function searchUsers(
  db: Db,
  input: BodyOf<typeof searchUsersCall>,
): Promise<DataOf<typeof searchUsersCall>> {
  const filter = { query: input.query?.trim() ?? '', kycStatus: input.kycStatus, flag: input.flag };
  return readConsolePage(
    input,
    (window) => searchUsersPage(db, filter, window),
    (rows) => rows.map((user) => ({ ...toUserSummary(user), flags: user.flags })),
  );
}
