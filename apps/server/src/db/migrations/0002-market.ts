import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/** Instruments, stored candles per period, and the last quote per symbol. */
export const market: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE instruments (
        symbol text PRIMARY KEY CHECK (symbol ~ '^[A-Z0-9&_-]{1,32}$'),
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('equity', 'index', 'crypto', 'forex')),
        segment text NOT NULL CHECK (segment IN ('listed', 'otc', 'subscription', 'auction', 'crypto', 'forex')),
        calendar text NOT NULL,
        exchange text NOT NULL,
        isin text,
        sector text,
        tick_paise bigint NOT NULL CHECK (tick_paise > 0),
        lot_size integer NOT NULL DEFAULT 1 CHECK (lot_size > 0),
        price_band_bps integer NOT NULL CHECK (price_band_bps >= 0 AND price_band_bps <= 10000),
        leverages integer[] NOT NULL,
        shortable boolean NOT NULL,
        tradable boolean NOT NULL,
        shares_outstanding bigint,
        quote_units integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE candles (
        symbol text NOT NULL REFERENCES instruments (symbol),
        period text NOT NULL CHECK (period IN ('1m', '5m', '15m', '30m', '1d', '1w', '1M')),
        bucket_start_ms bigint NOT NULL,
        open_paise bigint NOT NULL,
        high_paise bigint NOT NULL,
        low_paise bigint NOT NULL,
        close_paise bigint NOT NULL,
        volume bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (symbol, period, bucket_start_ms)
      )`,
      `CREATE TABLE quotes (
        symbol text PRIMARY KEY REFERENCES instruments (symbol),
        price_paise bigint NOT NULL,
        previous_close_paise bigint NOT NULL,
        open_paise bigint NOT NULL,
        high_paise bigint NOT NULL,
        low_paise bigint NOT NULL,
        volume bigint NOT NULL DEFAULT 0,
        turnover_paise bigint NOT NULL DEFAULT 0,
        tick_at_ms bigint NOT NULL,
        simulated boolean NOT NULL
      )`,
    ]);
  },
};
