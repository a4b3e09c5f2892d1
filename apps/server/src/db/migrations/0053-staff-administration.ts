import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Staff administration in the console (docs/adr/0029-staff-administration-and-customer-view.md).
 * Every reset of a staff member's second factor is a row naming who did it; the database refuses a
 * row where a member resets their own (two people stand behind every reset; the command-line
 * recovery for a lone admin is the system's, `reset_by_staff_id` NULL). Staff rows also say who
 * created the member and, while disabled, since when.
 */
export const staffAdministration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE staff_second_factor_resets (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        staff_id bigint NOT NULL REFERENCES staff_users (id),
        reset_by_staff_id bigint REFERENCES staff_users (id),
        reason text NOT NULL CHECK (length(reason) > 0),
        reset_at timestamptz NOT NULL,
        CONSTRAINT staff_second_factor_resets_not_own
          CHECK (reset_by_staff_id IS NULL OR reset_by_staff_id <> staff_id)
      )`,
      'CREATE INDEX staff_second_factor_resets_staff_idx ON staff_second_factor_resets (staff_id, reset_at)',
      'ALTER TABLE staff_users ADD COLUMN created_by_staff_id bigint REFERENCES staff_users (id)',
      'ALTER TABLE staff_users ADD COLUMN disabled_at timestamptz',
      // At least one role: a member with none could sign in and see nothing.
      `ALTER TABLE staff_users ADD CONSTRAINT staff_users_has_a_role CHECK (cardinality(roles) > 0)`,
    ]);
  },
};
