import type { BodyOf, DataOf, taxPnl } from '@nivesh/contract';
import { buildTaxPnl, financialYearRange, formatPaise, type TaxPnlReport } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { Db } from '../../db/database.js';
import { findTradesThrough } from '../../repositories/trade-charges-reads.repository.js';

/** The most orders one report reads: a retail investor's lifetime, with a wide margin. */
const TRADES_PER_REPORT_MAX = 100_000;

/** The tax P&L of one financial year, from the investor's executed orders (reference "Tax P&L"). */
export async function readTaxPnlReport(db: Db, userId: bigint, financialYear: string): Promise<TaxPnlReport> {
  const range =
    financialYearRange(financialYear) ?? refuse('FINANCIAL_YEAR_INVALID', { value: financialYear });
  const trades = await findTradesThrough(db, userId, range.to, TRADES_PER_REPORT_MAX);
  return buildTaxPnl(
    financialYear,
    trades.map((trade) => ({
      tradeId: trade.id,
      symbol: trade.symbol,
      product: trade.product,
      side: trade.side,
      leg: trade.leg,
      quantity: trade.quantity,
      turnoverPaise: trade.turnoverPaise,
      executedAtMs: trade.executedAtMs,
      tradeDate: trade.tradeDate,
      sttPaise: trade.sttPaise,
      totalChargesPaise: trade.totalPaise,
    })),
  );
}

export async function readTaxPnl(
  db: Db,
  userId: bigint,
  body: BodyOf<typeof taxPnl>,
): Promise<DataOf<typeof taxPnl>> {
  return taxPnlView(await readTaxPnlReport(db, userId, body.financialYear));
}

function taxPnlView(report: TaxPnlReport): DataOf<typeof taxPnl> {
  const { estimate, totals } = report;
  return {
    financialYear: report.financialYear,
    from: report.from,
    to: report.to,
    capitalGains: report.capitalGains.map((row) => ({
      buyTradeId: String(row.buyTradeId),
      sellTradeId: String(row.sellTradeId),
      symbol: row.symbol,
      quantity: Number(row.quantity),
      buyDate: row.buyDate,
      sellDate: row.sellDate,
      term: row.term,
      buyValue: formatPaise(row.buyValuePaise),
      sellValue: formatPaise(row.sellValuePaise),
      charges: formatPaise(row.costChargesPaise),
      stt: formatPaise(row.sttPaise),
      gain: formatPaise(row.gainPaise),
    })),
    speculative: report.speculative.map((row) => ({
      openTradeId: String(row.openTradeId),
      closeTradeId: String(row.closeTradeId),
      symbol: row.symbol,
      direction: row.direction,
      quantity: Number(row.quantity),
      openDate: row.openDate,
      closeDate: row.closeDate,
      buyValue: formatPaise(row.buyValuePaise),
      sellValue: formatPaise(row.sellValuePaise),
      charges: formatPaise(row.chargesPaise),
      pnl: formatPaise(row.pnlPaise),
    })),
    unmatchedSales: report.unmatchedSales.map((sale) => ({
      symbol: sale.symbol,
      tradeDate: sale.tradeDate,
      quantity: Number(sale.quantity),
    })),
    totals: {
      shortTermGain: formatPaise(totals.shortTermGainPaise),
      longTermGain: formatPaise(totals.longTermGainPaise),
      speculativePnl: formatPaise(totals.speculativePnlPaise),
      charges: formatPaise(totals.chargesPaise),
      stt: formatPaise(totals.sttPaise),
      realised: formatPaise(totals.realisedPaise),
    },
    estimate: {
      ratesFrom: estimate.rates.from,
      // Basis points are hundredths of a percent.
      shortTermRatePercent: formatPaise(estimate.rates.shortTermBps),
      longTermRatePercent: formatPaise(estimate.rates.longTermBps),
      longTermExemption: formatPaise(estimate.rates.longTermExemptionPaise),
      taxableShortTerm: formatPaise(estimate.taxableShortTermPaise),
      taxableLongTerm: formatPaise(estimate.taxableLongTermPaise),
      shortTermTax: formatPaise(estimate.shortTermTaxPaise),
      longTermTax: formatPaise(estimate.longTermTaxPaise),
      totalTax: formatPaise(estimate.totalTaxPaise),
    },
    months: report.months.map((month) => ({
      month: month.month,
      realised: formatPaise(month.realisedPaise),
    })),
  };
}

/**
 * The report as CSV: one line per matched lot (capital gains) and per round trip (speculative),
 * then the totals and the estimate. Every field is a date, a symbol, a word or a decimal, so
 * nothing needs quoting and nothing can start a spreadsheet formula.
 */
export async function readTaxPnlCsv(db: Db, userId: bigint, financialYear: string): Promise<string> {
  const report = await readTaxPnlReport(db, userId, financialYear);
  const lines = [
    `Tax P&L,${report.financialYear},${report.from},${report.to}`,
    'section,symbol,quantity,buy or open date,sell or close date,term,buy value,sell value,charges,stt,gain or pnl',
  ];
  for (const row of report.capitalGains) {
    lines.push(
      [
        row.term === 'short' ? 'STCG' : 'LTCG',
        row.symbol,
        row.quantity,
        row.buyDate,
        row.sellDate,
        row.term,
        formatPaise(row.buyValuePaise),
        formatPaise(row.sellValuePaise),
        formatPaise(row.costChargesPaise),
        formatPaise(row.sttPaise),
        formatPaise(row.gainPaise),
      ].join(','),
    );
  }
  for (const row of report.speculative) {
    lines.push(
      [
        'speculative',
        row.symbol,
        row.quantity,
        row.openDate,
        row.closeDate,
        row.direction,
        formatPaise(row.buyValuePaise),
        formatPaise(row.sellValuePaise),
        formatPaise(row.chargesPaise),
        '',
        formatPaise(row.pnlPaise),
      ].join(','),
    );
  }
  const { totals, estimate } = report;
  lines.push(
    `total,short-term gain,,,,,,,,,${formatPaise(totals.shortTermGainPaise)}`,
    `total,long-term gain,,,,,,,,,${formatPaise(totals.longTermGainPaise)}`,
    `total,speculative,,,,,,,,,${formatPaise(totals.speculativePnlPaise)}`,
    `total,charges,,,,,,,${formatPaise(totals.chargesPaise)},${formatPaise(totals.sttPaise)},`,
    `estimate,tax on capital gains (rates from ${estimate.rates.from}),,,,,,,,,${formatPaise(estimate.totalTaxPaise)}`,
  );
  return `${lines.join('\r\n')}\r\n`;
}
