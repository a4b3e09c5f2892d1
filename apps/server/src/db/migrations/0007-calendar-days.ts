import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Trading calendar rows staff add in the console (ADR 0002): next year's NSE holidays and special
 * sessions. The server builds its calendar from the built-in 2026 rows followed by these (ADR 0002).
 * Dates and times are IST text (`YYYY-MM-DD`, `HH:MM`), as the calendar in core takes them.
 */
export const calendarDays: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE calendar_days (
        calendar text NOT NULL DEFAULT 'nse' CHECK (calendar IN ('nse')),
        date text NOT NULL CHECK (date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        kind text NOT NULL CHECK (kind IN ('holiday', 'special')),
        opens_at text CHECK (opens_at ~ '^[0-9]{2}:[0-9]{2}$'),
        closes_at text CHECK (closes_at ~ '^[0-9]{2}:[0-9]{2}$'),
        description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
        created_by_staff_id bigint NOT NULL REFERENCES staff_users (id),
        created_at timestamptz NOT NULL,
        PRIMARY KEY (calendar, date),
        CHECK ((kind = 'special') = (opens_at IS NOT NULL AND closes_at IS NOT NULL)),
        CHECK (kind = 'special' OR (opens_at IS NULL AND closes_at IS NULL))
      )`,
    ]);
  },
};
