import { Type } from 'typebox';
import { defineCall, EpochMs, MoneyString, Obj } from '../schema.js';

/*
 * End-of-day reports (docs/adr/0033-daily-reports-alerts-and-back-office-screens.md): one per trading
 * day, made by the job after the close or by finance for a past day, kept as made. Every amount is
 * read from the ledger (postings by account purpose) or from the repositories of the day's records.
 */

const IstDateString = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: 'IST date YYYY-MM-DD',
});

export const DAILY_REPORT_PAGE_MAX = 60;
/** Who reads the day's reports: the back office that moves money and the one that answers for it. */
const DAILY_REPORT_READERS = ['admin', 'finance', 'compliance'] as const;

const MoneyFlow = Obj({
  currency: Type.String(),
  kind: Type.String({ description: 'the ledger entry kind, e.g. deposit_approved' }),
  entries: Type.Integer({ minimum: 0 }),
  amount: MoneyString,
});

export const CHARGE_COMPONENTS = ['brokerage', 'stt', 'exchange', 'sebi', 'stamp', 'gst', 'dp'] as const;

export const DailyReport = Obj({
  tradeDate: IstDateString,
  firstDate: Type.String({
    description: 'the first IST date covered: the day after the previous trading day',
  }),
  periodStart: EpochMs,
  periodEnd: EpochMs,
  computedAt: EpochMs,
  computedBy: Type.String({ description: '"system" (the job after the close) or the staff member’s name' }),
  reason: Type.Union([Type.String(), Type.Null()]),
  fundsReceived: Type.Array(MoneyFlow, {
    description:
      'money in from investors’ banks: postings out of house_deposits_clearing, by currency and entry kind',
  }),
  fundsPaid: Type.Array(MoneyFlow, {
    description: 'money out to investors’ banks: postings into house_payouts, by currency and entry kind',
  }),
  clientMoney: Type.Array(
    Obj({
      currency: Type.String(),
      held: MoneyString,
      loansOwed: MoneyString,
      accounts: Type.Integer({ minimum: 0 }),
    }),
    {
      description:
        'investors’ accounts at the period’s end: what they hold (all purposes but loan_payable) and owe',
    },
  ),
  turnover: Obj({
    orders: Type.Integer({ minimum: 0 }),
    buy: MoneyString,
    sell: MoneyString,
    total: MoneyString,
  }),
  charges: Type.Array(
    Obj({
      component: Type.Union([
        Type.Literal('brokerage'),
        Type.Literal('stt'),
        Type.Literal('exchange'),
        Type.Literal('sebi'),
        Type.Literal('stamp'),
        Type.Literal('gst'),
        Type.Literal('dp'),
      ]),
      account: Type.String({ description: 'the house account purpose (docs/adr/0020)' }),
      amount: MoneyString,
    }),
  ),
  chargesTotal: MoneyString,
  openPositions: Type.Array(
    Obj({ currency: Type.String(), count: Type.Integer({ minimum: 0 }), margin: MoneyString }),
  ),
  pendingReviews: Type.Array(Obj({ queue: Type.String(), count: Type.Integer({ minimum: 0 }) })),
  reconciliation: Obj({
    ok: Type.Boolean(),
    checkedAt: EpochMs,
    problems: Type.Integer({ minimum: 0 }),
    details: Type.Array(Type.String()),
  }),
});

export const dailyReportList = defineCall({
  path: 'dailyReports/list',
  summary: 'The end-of-day reports, newest trading day first; page with `before` (a trading date).',
  body: Obj({
    before: Type.Optional(IstDateString),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DAILY_REPORT_PAGE_MAX })),
  }),
  data: Obj({ items: Type.Array(DailyReport) }),
  auth: true,
  mutates: false,
  roles: DAILY_REPORT_READERS,
});

export const dailyReportCompute = defineCall({
  path: 'dailyReports/compute',
  summary:
    'Make the end-of-day report of a closed trading day that has none (the job makes each after the close); ' +
    'with a reason, audited. A day’s report is never made twice.',
  body: Obj({ tradeDate: IstDateString, reason: Type.String({ minLength: 3, maxLength: 500 }) }),
  data: DailyReport,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
  operation: 'add',
});

export const dailyReportCsv = defineCall({
  path: 'dailyReports/csv',
  summary: 'One day’s report as CSV (section, item, currency, amount in rupees), text/csv.',
  body: Obj({ tradeDate: IstDateString }),
  data: Type.String({ description: 'the CSV text' }),
  auth: true,
  mutates: false,
  roles: DAILY_REPORT_READERS,
});

export const dailyReportPdf = defineCall({
  path: 'dailyReports/pdf',
  summary: 'One day’s report as PDF (application/pdf), amounts in Indian digit grouping.',
  body: Obj({ tradeDate: IstDateString }),
  data: Type.String({ description: 'the PDF bytes' }),
  auth: true,
  mutates: false,
  roles: DAILY_REPORT_READERS,
});
