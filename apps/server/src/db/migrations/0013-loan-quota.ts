import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/** The staff table of credit-loan quotas by credit score (the console's loan-quota page; loans themselves: migration 0017, ADR 0013). */
export const loanQuota: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE loan_quota_tiers (
        min_credit_score integer PRIMARY KEY CHECK (min_credit_score >= 0),
        quota_paise bigint NOT NULL CHECK (quota_paise >= 0),
        updated_at timestamptz NOT NULL
      )`,
    ]);
  },
};
