import type { Kysely, Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * Alerts (docs/adr/0033-daily-reports-alerts-and-back-office-screens.md): one row per condition while
 * it holds (a queue past its SLA, a stale feed, a failed reconciliation), cleared when it ends; a
 * partial unique index keeps one open alert per condition, whichever process raises it. Every try to
 * deliver an alert to the configured mail or webhook is a row of its own, with its outcome.
 */
export const alerts: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE alerts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        condition_key text NOT NULL CHECK (length(condition_key) BETWEEN 1 AND 100),
        kind text NOT NULL CHECK (kind IN ('queue_overdue', 'feed_stale', 'reconciliation_failed')),
        summary text NOT NULL,
        raised_at timestamptz NOT NULL,
        cleared_at timestamptz CHECK (cleared_at IS NULL OR cleared_at >= raised_at)
      )`,
      `CREATE UNIQUE INDEX alerts_one_open_per_condition ON alerts (condition_key) WHERE cleared_at IS NULL`,
      `CREATE INDEX alerts_raised_idx ON alerts (raised_at DESC)`,
      `CREATE TABLE alert_deliveries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        alert_id bigint NOT NULL REFERENCES alerts (id),
        channel text NOT NULL CHECK (channel IN ('webhook', 'mail')),
        attempt integer NOT NULL CHECK (attempt >= 1),
        attempted_at timestamptz NOT NULL,
        delivered boolean NOT NULL,
        http_status integer,
        error text,
        UNIQUE (alert_id, channel, attempt)
      )`,
    ]);
  },
};
