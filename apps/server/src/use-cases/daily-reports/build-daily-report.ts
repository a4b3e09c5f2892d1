import { CHARGE_COMPONENTS, type DailyReport } from '@nivesh/contract';
import { type DailyReportPeriod, formatPaise } from '@nivesh/core';
import type { Static } from 'typebox';
import type { Db } from '../../db/database.js';
import { sumPurposePostingsBetween } from '../../repositories/journal.repository.js';
import { sumUserMoneyBefore } from '../../repositories/ledger.repository.js';
import { countPositionsOpenAt } from '../../repositories/position.repository.js';
import { countPendingReviewsAt } from '../../repositories/review-queue.repository.js';
import { sumTurnoverOfDates } from '../../repositories/trade-charges-reads.repository.js';
import { reconcileLedger } from '../ledger/reconcile-ledger.js';

export type DailyReportView = Static<typeof DailyReport>;

/** The house account each charge line posts to (docs/adr/0020), in the order a contract note lists them. */
export const CHARGE_ACCOUNTS: Record<(typeof CHARGE_COMPONENTS)[number], string> = {
  brokerage: 'house_brokerage',
  stt: 'house_stt_payable',
  exchange: 'house_exchange_charges_payable',
  sebi: 'house_sebi_fees_payable',
  stamp: 'house_stamp_duty_payable',
  gst: 'house_gst_payable',
  dp: 'house_dp_charges',
};

/** Money in from investors' banks is taken out of this house account, money out is put into the other. */
const RECEIVED_PURPOSE = 'house_deposits_clearing';
const PAID_PURPOSE = 'house_payouts';
const RECONCILIATION_DETAILS_MAX = 10;

/**
 * Computes a trading day's end-of-day report (docs/adr/0033) over its period: every amount from the
 * ledger (postings by account purpose in entries made in the period, or balances at its end) and
 * the counts from the records' own timestamps, so the same day computed later gives the same
 * figures; only the reconciliation is of the whole ledger when it is computed.
 */
export async function buildDailyReport(
  db: Db,
  period: DailyReportPeriod,
  computed: { atMs: number; by: string; reason: string | null },
): Promise<DailyReportView> {
  const chargePurposes = Object.values(CHARGE_ACCOUNTS);
  const [flows, clientMoney, turnover, openPositions, pending, reconciliation] = await Promise.all([
    sumPurposePostingsBetween(
      db,
      [RECEIVED_PURPOSE, PAID_PURPOSE, ...chargePurposes],
      period.startMs,
      period.endMs,
    ),
    sumUserMoneyBefore(db, period.endMs),
    sumTurnoverOfDates(db, period.firstDate, period.tradeDate),
    countPositionsOpenAt(db, period.endMs),
    countPendingReviewsAt(db, period.endMs),
    reconcileLedger(db, computed.atMs),
  ]);
  const moneyFlows = (purpose: string, sign: 1n | -1n) =>
    flows
      .filter((row) => row.purpose === purpose && row.sumMinor !== 0n)
      .map((row) => ({
        currency: row.currency,
        kind: row.kind,
        entries: row.entries,
        amount: formatPaise(sign * row.sumMinor),
      }));
  // Charges are priced and posted in rupees (docs/adr/0020).
  const chargeOf = (purpose: string) =>
    flows
      .filter((row) => row.purpose === purpose && row.currency === 'INR')
      .reduce((sum, row) => sum + row.sumMinor, 0n);
  const charges = CHARGE_COMPONENTS.map((component) => ({
    component,
    account: CHARGE_ACCOUNTS[component],
    amountPaise: chargeOf(CHARGE_ACCOUNTS[component]),
  }));
  return {
    tradeDate: period.tradeDate,
    firstDate: period.firstDate,
    periodStart: period.startMs,
    periodEnd: period.endMs,
    computedAt: computed.atMs,
    computedBy: computed.by,
    reason: computed.reason,
    fundsReceived: moneyFlows(RECEIVED_PURPOSE, -1n),
    fundsPaid: moneyFlows(PAID_PURPOSE, 1n),
    clientMoney: clientMoney.map((row) => ({
      currency: row.currency,
      held: formatPaise(row.heldMinor),
      loansOwed: formatPaise(-row.loanPayableMinor),
      accounts: row.accounts,
    })),
    turnover: {
      orders: turnover.orders,
      buy: formatPaise(turnover.buyPaise),
      sell: formatPaise(turnover.sellPaise),
      total: formatPaise(turnover.buyPaise + turnover.sellPaise),
    },
    charges: charges.map(({ component, account, amountPaise }) => ({
      component,
      account,
      amount: formatPaise(amountPaise),
    })),
    chargesTotal: formatPaise(charges.reduce((sum, line) => sum + line.amountPaise, 0n)),
    openPositions: openPositions.map((row) => ({
      currency: row.currency,
      count: row.count,
      margin: formatPaise(row.marginPaise),
    })),
    pendingReviews: Object.entries(pending).map(([queue, count]) => ({ queue, count })),
    reconciliation: {
      ok: reconciliation.ok,
      checkedAt: reconciliation.checkedAt,
      problems: reconciliation.problems.length,
      details: reconciliation.problems
        .slice(0, RECONCILIATION_DETAILS_MAX)
        .map((problem) => `${problem.kind}: ${problem.detail}`),
    },
  };
}
