import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * End-of-day reports (docs/adr/0033-daily-reports-alerts-and-back-office-screens.md): one row per
 * trading day, written once by the job after the close or by a staff member for a past day, and
 * never changed (a trigger refuses UPDATE and DELETE, as on charge schedules). The figures are the
 * report as computed, money as decimal strings in rupees, so what staff downloaded on the day is what
 * they download a year later.
 */
export const dailyReports: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE daily_reports (
        trade_date text PRIMARY KEY CHECK (trade_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
        period_start_at timestamptz NOT NULL,
        period_end_at timestamptz NOT NULL CHECK (period_end_at > period_start_at),
        figures jsonb NOT NULL,
        computed_at timestamptz NOT NULL,
        computed_by_type text NOT NULL CHECK (computed_by_type IN ('system', 'staff')),
        computed_by bigint REFERENCES staff_users (id),
        reason text,
        CHECK ((computed_by_type = 'staff') = (computed_by IS NOT NULL)),
        CHECK (computed_by_type = 'system' OR length(reason) > 0)
      )`,
      `CREATE TRIGGER daily_reports_append_only BEFORE UPDATE OR DELETE ON daily_reports
        FOR EACH ROW EXECUTE FUNCTION refuse_change()`,
    ]);
  },
};
