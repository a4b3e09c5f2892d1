import type { PostingDraft } from '../ledger/entry.js';
import type { CurrencyCode } from '../money/currency.js';
import { computeMargin } from './margin.js';
import type { PositionSide } from './pnl.js';
import { computeStopOutPrice } from './stop-out.js';
import type { TradingAccounts } from './trade-postings.js';

export type ConversionProblem = 'same_product' | 'not_mis_or_cnc' | 'short_delivery';

export type ConvertedTerms =
  | {
      ok: true;
      intraday: boolean;
      leverage: number;
      marginPaise: bigint;
      /** Cash to margin (positive: more margin for delivery) or back (negative: intraday releases it). */
      marginChangePaise: bigint;
      stopOutPricePaise: bigint;
    }
  | { ok: false; reason: ConversionProblem };

/**
 * A holding converted between MIS and CNC (Kite's convertPosition, docs/adr/0031): the margin is
 * what the new product asks at the entry price (computeMargin: the full value for CNC, value ÷ the
 * intraday leverage for MIS), the difference moves between cash and margin, and the stop-out level
 * follows the new margin. A short cannot be held as delivery; MTF is not converted.
 *
 * Example: a long of 10 at ₹100.00 on MIS at leverage 5 (margin 20000n) to CNC needs 100000n:
 * `marginChangePaise` 80000n; back to MIS at 5 releases 80000n (`marginChangePaise` −80000n).
 */
export function convertedTermsOf(input: {
  side: PositionSide;
  fromProduct: string;
  toProduct: string;
  entryPricePaise: bigint;
  quantity: number;
  marginPaise: bigint;
  intradayLeverage: number;
  stopOutBps: bigint;
}): ConvertedTerms {
  if (input.fromProduct === input.toProduct) return { ok: false, reason: 'same_product' };
  const products = [input.fromProduct, input.toProduct].sort().join('-');
  if (products !== 'CNC-MIS') return { ok: false, reason: 'not_mis_or_cnc' };
  if (input.toProduct === 'CNC' && input.side === 'short') return { ok: false, reason: 'short_delivery' };
  const intraday = input.toProduct === 'MIS';
  const leverage = intraday ? input.intradayLeverage : 1;
  const marginPaise = computeMargin(input.entryPricePaise, input.quantity, leverage);
  return {
    ok: true,
    intraday,
    leverage,
    marginPaise,
    marginChangePaise: marginPaise - input.marginPaise,
    stopOutPricePaise: computeStopOutPrice(
      input.side,
      input.entryPricePaise,
      input.quantity,
      marginPaise,
      input.stopOutBps,
    ),
  };
}

/**
 * The postings of a conversion's margin change: cash pays more margin, or margin returns to cash.
 *
 * Example: 80000n gives cash −80000n and margin +80000n; −80000n the reverse.
 */
export function marginChangePostings(
  accounts: Pick<TradingAccounts, 'cash' | 'margin'>,
  marginChangePaise: bigint,
  currency: string,
): PostingDraft[] {
  if (marginChangePaise === 0n) return [];
  return [
    { accountId: accounts.cash, amountMinor: -marginChangePaise, currency: currency as CurrencyCode },
    { accountId: accounts.margin, amountMinor: marginChangePaise, currency: currency as CurrencyCode },
  ];
}
