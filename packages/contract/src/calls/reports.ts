import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyString, Obj } from '../schema.js';

/*
 * Contract notes (docs/adr/0021-contract-notes.md), holdings and the tax P&L: what a broker owes an
 * investor after each trading day and at each year's end. Dates are IST calendar dates.
 */

const IstDateString = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  description: 'IST date YYYY-MM-DD',
});
const FinancialYearString = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}$',
  description: 'financial year, April to March, e.g. 2025-26',
});
/** A percentage with two decimals, e.g. "14.29" or "-3.50". */
const PercentString = Type.String({ pattern: '^-?[0-9]+\\.[0-9]{2}$', description: 'percent, 2 decimals' });
const Product = Type.Union([Type.Literal('CNC'), Type.Literal('MIS'), Type.Literal('MTF')]);

export const CONTRACT_NOTE_PAGE_MAX = 100;

export const ContractNoteItem = Obj({
  id: Type.String(),
  number: Type.String({ description: 'CN/<financial year>/<sequence>' }),
  tradeDate: Type.String(),
  tradeCount: Type.Integer(),
  netObligation: Type.String({
    pattern: '^-?[0-9]+\\.[0-9]{2}$',
    description: 'rupees: positive a pay-out to the investor, negative a pay-in',
  }),
  sha256: Type.String({ description: 'hex SHA-256 of the PDF bytes' }),
  createdAt: EpochMs,
});

export const listContractNotes = defineCall({
  path: 'contractNote/list',
  summary: 'The investor’s contract notes, newest trade date first; page with `before` (a trade date).',
  body: Obj({
    before: Type.Optional(IstDateString),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTRACT_NOTE_PAGE_MAX })),
  }),
  data: Obj({ items: Type.Array(ContractNoteItem) }),
  auth: true,
  mutates: false,
});

/** The PDF itself (application/pdf, not the envelope); another investor's note answers 404. */
export const downloadContractNote = defineCall({
  path: 'contractNote/pdf',
  summary: 'One contract note as its stored PDF (application/pdf), for its owner only.',
  body: Obj({ id: Type.String({ pattern: '^[0-9]{1,19}$' }) }),
  data: Type.String({ description: 'the PDF bytes' }),
  auth: true,
  mutates: false,
});

export const HoldingRow = Obj({
  symbol: Type.String(),
  product: Product,
  quantity: Type.Integer(),
  averagePrice: MoneyString,
  lastPrice: MoneyString,
  isPriced: Type.Boolean({ description: 'false when the symbol has no feed price yet (valued at cost)' }),
  invested: MoneyString,
  currentValue: MoneyString,
  dayChange: MoneyString,
  dayChangePercent: PercentString,
  pnl: MoneyString,
  pnlPercent: PercentString,
});

export const holdings = defineCall({
  path: 'portfolio/holdings',
  summary:
    'Open long delivery positions (CNC, MTF) grouped by symbol and product at the market price, with totals.',
  body: Empty,
  data: Obj({
    items: Type.Array(HoldingRow),
    summary: Obj({
      invested: MoneyString,
      currentValue: MoneyString,
      dayPnl: MoneyString,
      dayPnlPercent: PercentString,
      pnl: MoneyString,
      pnlPercent: PercentString,
    }),
  }),
  auth: true,
  mutates: false,
});

export const CapitalGainItem = Obj({
  buyTradeId: Type.String({ description: 'order number of the bought lot (contract note)' }),
  sellTradeId: Type.String({ description: 'order number of the sale (contract note)' }),
  symbol: Type.String(),
  quantity: Type.Integer(),
  buyDate: Type.String(),
  sellDate: Type.String(),
  term: Type.Union([Type.Literal('short'), Type.Literal('long')]),
  buyValue: MoneyString,
  sellValue: MoneyString,
  charges: MoneyString,
  stt: MoneyString,
  gain: MoneyString,
});

export const SpeculativeItem = Obj({
  openTradeId: Type.String(),
  closeTradeId: Type.String(),
  symbol: Type.String(),
  direction: Type.Union([Type.Literal('long'), Type.Literal('short')]),
  quantity: Type.Integer(),
  openDate: Type.String(),
  closeDate: Type.String(),
  buyValue: MoneyString,
  sellValue: MoneyString,
  charges: MoneyString,
  pnl: MoneyString,
});

export const TaxPnl = Obj({
  financialYear: Type.String(),
  from: Type.String(),
  to: Type.String(),
  capitalGains: Type.Array(CapitalGainItem),
  speculative: Type.Array(SpeculativeItem),
  unmatchedSales: Type.Array(
    Obj({ symbol: Type.String(), tradeDate: Type.String(), quantity: Type.Integer() }),
  ),
  totals: Obj({
    shortTermGain: MoneyString,
    longTermGain: MoneyString,
    speculativePnl: MoneyString,
    charges: MoneyString,
    stt: MoneyString,
    realised: MoneyString,
  }),
  estimate: Obj({
    ratesFrom: Type.String(),
    shortTermRatePercent: PercentString,
    longTermRatePercent: PercentString,
    longTermExemption: MoneyString,
    taxableShortTerm: MoneyString,
    taxableLongTerm: MoneyString,
    shortTermTax: MoneyString,
    longTermTax: MoneyString,
    totalTax: MoneyString,
  }),
  months: Type.Array(Obj({ month: Type.String(), realised: MoneyString })),
});

export const taxPnl = defineCall({
  path: 'portfolio/taxPnl',
  summary:
    'Realised P&L of a financial year: delivery sales matched FIFO to lots (short- and long-term gains, STT shown apart), intraday and short trades as speculative income, a tax estimate and the P&L by month.',
  body: Obj({ financialYear: FinancialYearString }),
  data: TaxPnl,
  auth: true,
  mutates: false,
});

/** The same report as CSV (text/csv, not the envelope): one line per matched lot or round trip. */
export const taxPnlCsv = defineCall({
  path: 'portfolio/taxPnlCsv',
  summary: 'The tax P&L of a financial year as a CSV download (text/csv).',
  body: Obj({ financialYear: FinancialYearString }),
  data: Type.String(),
  auth: true,
  mutates: false,
});

// The console: compliance keeps the notes, support answers investors about them.
const CONTRACT_NOTE_READERS = ['admin', 'compliance', 'support'] as const;

export const staffListContractNotes = defineCall({
  path: 'contractNotes/list',
  summary:
    'Contract notes by investor (user id or phone) and/or trade-date range, newest first; at most 100.',
  body: Obj({
    userId: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$' })),
    phone: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    from: Type.Optional(IstDateString),
    to: Type.Optional(IstDateString),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTRACT_NOTE_PAGE_MAX })),
  }),
  data: Obj({
    items: Type.Array(
      Obj({
        ...ContractNoteItem.properties,
        userId: Type.String(),
        phone: Type.String(),
        realName: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  }),
  auth: true,
  mutates: false,
  roles: CONTRACT_NOTE_READERS,
});

/** The PDF for staff (application/pdf, not the envelope); each read is audited. */
export const staffDownloadContractNote = defineCall({
  path: 'contractNotes/pdf',
  summary: 'One contract note as its stored PDF (application/pdf); the read is audited.',
  body: Obj({ id: Type.String({ pattern: '^[0-9]{1,19}$' }) }),
  data: Type.String({ description: 'the PDF bytes' }),
  auth: true,
  mutates: false,
  roles: CONTRACT_NOTE_READERS,
});
