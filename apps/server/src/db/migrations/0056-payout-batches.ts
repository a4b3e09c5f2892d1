import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Payouts in bulk (docs/adr/0032-bank-statement-matching.md): a batch is one bulk payment file finance
 * exported; its items are the withdrawals in it, each with the payment reference the bank echoes in
 * its statement (`NVW<id>`) and the net amount sent. A withdrawal is exported once (unique), so two
 * files can never pay it twice.
 */
export const payoutBatches: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE payout_batches (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        item_count integer NOT NULL CHECK (item_count > 0),
        total_minor bigint NOT NULL CHECK (total_minor > 0),
        currency text NOT NULL,
        exported_by bigint NOT NULL REFERENCES staff_users (id),
        exported_at timestamptz NOT NULL
      )`,
      `CREATE TABLE payout_batch_items (
        batch_id bigint NOT NULL REFERENCES payout_batches (id),
        withdrawal_id bigint NOT NULL UNIQUE REFERENCES withdrawals (id),
        payment_reference text NOT NULL UNIQUE,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        beneficiary_name text NOT NULL,
        account_number text NOT NULL,
        ifsc text NOT NULL,
        PRIMARY KEY (batch_id, withdrawal_id)
      )`,
    ]);
  },
};
