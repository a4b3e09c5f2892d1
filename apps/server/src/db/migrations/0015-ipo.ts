import type { Kysely } from 'kysely';
import type { Migration } from 'kysely';
import { runStatements } from './run-statements.js';

/**
 * New shares (IPO; docs/adr/0011-ipo-draw.md). An issue is created by staff with
 * its instrument (segment 'subscription', not tradable until listing day). Investors subscribe in
 * the window; staff commit sha256(seed) before it closes and reveal the seed at the draw; the
 * allotment follows from the seed and the subscriptions ordered by id (docs/ipo-draw.md).
 *
 * Money is in paise; the ledger entries carry the subscription's id in their keys:
 * `ipo:<id>:hold`, `ipo:<id>:capture`, `ipo:<id>:release`, `ipo:<id>:pay`, `ipo:<id>:list`.
 * The money mode, the minimum and the per-user count are copied onto the issue at creation, so a
 * later parameter change never alters an issue that is running.
 */
export const ipo: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(db, [
      `CREATE TABLE ipo_issues (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        code text NOT NULL UNIQUE REFERENCES instruments (symbol),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        issue_market text NOT NULL CHECK (issue_market IN ('NSE', 'BSE')),
        sponsor text NOT NULL CHECK (length(sponsor) BETWEEN 1 AND 120),
        provisional_price_paise bigint NOT NULL CHECK (provisional_price_paise > 0),
        final_price_paise bigint CHECK (final_price_paise > 0),
        lot_size integer NOT NULL CHECK (lot_size > 0),
        min_subscription_shares integer NOT NULL CHECK (min_subscription_shares > 0),
        subscriptions_per_user integer NOT NULL CHECK (subscriptions_per_user > 0),
        offered_shares bigint NOT NULL CHECK (offered_shares > 0),
        money_mode text NOT NULL CHECK (money_mode IN ('block_at_application', 'pay_after_allotment')),
        opens_at timestamptz NOT NULL,
        closes_at timestamptz NOT NULL,
        draw_at timestamptz NOT NULL,
        allotment_at timestamptz NOT NULL,
        listing_at timestamptz NOT NULL,
        seed_commitment text CHECK (seed_commitment ~ '^[0-9a-f]{64}$'),
        committed_at timestamptz,
        seed text,
        drawn_at timestamptz,
        total_lots bigint CHECK (total_lots >= 0),
        allotted_lots bigint CHECK (allotted_lots >= 0),
        lapsed_at timestamptz,
        listed_at timestamptz,
        cancelled_at timestamptz,
        cancel_reason text,
        created_by_staff_id bigint REFERENCES staff_users (id),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        CONSTRAINT ipo_offered_whole_lots CHECK (offered_shares % lot_size = 0),
        CONSTRAINT ipo_final_within_provisional CHECK (final_price_paise IS NULL OR final_price_paise <= provisional_price_paise),
        CONSTRAINT ipo_dates_in_order CHECK (opens_at < closes_at AND closes_at <= draw_at
          AND draw_at <= allotment_at AND allotment_at <= listing_at),
        CONSTRAINT ipo_committed CHECK ((seed_commitment IS NULL) = (committed_at IS NULL)),
        -- A draw needs a commitment made before, the seed revealed, the final price and the totals.
        CONSTRAINT ipo_drawn CHECK ((drawn_at IS NULL) = (seed IS NULL)
          AND (drawn_at IS NULL OR (seed_commitment IS NOT NULL AND final_price_paise IS NOT NULL
            AND total_lots IS NOT NULL AND allotted_lots IS NOT NULL AND allotted_lots <= total_lots))),
        CONSTRAINT ipo_listed_after_draw CHECK (listed_at IS NULL OR drawn_at IS NOT NULL),
        CONSTRAINT ipo_cancelled CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL)
          AND (cancelled_at IS NULL OR drawn_at IS NULL))
      )`,
      `CREATE INDEX ipo_issues_due_idx ON ipo_issues (listing_at) WHERE listed_at IS NULL AND cancelled_at IS NULL`,
      `CREATE TABLE ipo_subscriptions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        issue_id bigint NOT NULL REFERENCES ipo_issues (id),
        user_id bigint NOT NULL REFERENCES users (id),
        quantity bigint NOT NULL CHECK (quantity > 0),
        lots integer NOT NULL CHECK (lots > 0),
        state text NOT NULL CHECK (state IN
          ('subscribed', 'won', 'not_won', 'payment_due', 'paid', 'waived', 'failed')),
        held_paise bigint NOT NULL DEFAULT 0 CHECK (held_paise >= 0),
        won_lots integer CHECK (won_lots >= 0 AND won_lots <= lots),
        allotted_shares bigint CHECK (allotted_shares >= 0 AND allotted_shares <= quantity),
        captured_paise bigint CHECK (captured_paise >= 0),
        released_paise bigint CHECK (released_paise >= 0),
        due_paise bigint CHECK (due_paise >= 0),
        paid_paise bigint CHECK (paid_paise >= 0),
        subscribed_at timestamptz NOT NULL,
        drawn_at timestamptz,
        paid_at timestamptz,
        waived_at timestamptz,
        failed_at timestamptz,
        position_id bigint REFERENCES positions (id),
        CONSTRAINT ipo_subscription_drawn CHECK ((state IN ('subscribed', 'failed')) = (drawn_at IS NULL)
          AND (drawn_at IS NULL) = (won_lots IS NULL) AND (won_lots IS NULL) = (allotted_shares IS NULL)),
        CONSTRAINT ipo_subscription_won CHECK (state NOT IN ('won', 'payment_due', 'paid', 'waived') OR won_lots > 0),
        CONSTRAINT ipo_subscription_not_won CHECK (state <> 'not_won' OR won_lots = 0),
        CONSTRAINT ipo_subscription_paid CHECK ((state = 'paid') = (paid_at IS NOT NULL)),
        CONSTRAINT ipo_subscription_listed CHECK (position_id IS NULL OR state IN ('won', 'paid'))
      )`,
      `CREATE INDEX ipo_subscriptions_issue_idx ON ipo_subscriptions (issue_id, id)`,
      `CREATE INDEX ipo_subscriptions_user_idx ON ipo_subscriptions (user_id, id DESC)`,
      `CREATE UNIQUE INDEX ipo_subscriptions_one_position ON ipo_subscriptions (position_id) WHERE position_id IS NOT NULL`,
    ]);
  },
};
