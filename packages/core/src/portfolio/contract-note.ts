import { invariant } from '../invariant.js';
import type { ChargeLines } from '../trading/charges.js';

/** The charge lines a contract note prints: the engine's lines (the DP charge's GST is inside dpPaise). */
export type ContractNoteCharges = Omit<ChargeLines, 'dpGstPaise'>;

/** One executed order on a contract note, every charge line in paise (a trade_charges row). */
export interface ContractNoteTrade extends ContractNoteCharges {
  side: 'buy' | 'sell';
  turnoverPaise: bigint;
}

export interface ContractNoteSummary {
  buyTurnoverPaise: bigint;
  sellTurnoverPaise: bigint;
  charges: ContractNoteCharges;
  /**
   * What the day's trades leave the client with: sales − purchases − charges. Positive is a pay-out
   * (the broker owes the client), negative a pay-in (the client owes the broker).
   */
  netObligationPaise: bigint;
}

/**
 * The totals of a contract note: turnover per side, each charge line summed over the day's orders,
 * and the net obligation.
 *
 * @example
 * // Bought 100 at ₹1,430.10 (₹1,43,010.00, charges ₹183.00), sold 10 at ₹1,517.80 (₹15,178.00,
 * // charges ₹31.00): net obligation 15,17,800 − 1,43,01,000 − 21,400 = −1,27,04,600 paise, a pay-in
 * // of ₹1,27,046.00.
 */
export function summariseContractNote(trades: readonly ContractNoteTrade[]): ContractNoteSummary {
  const charges: ContractNoteCharges = {
    brokeragePaise: 0n,
    sttPaise: 0n,
    exchangePaise: 0n,
    sebiPaise: 0n,
    stampPaise: 0n,
    gstPaise: 0n,
    dpPaise: 0n,
    totalPaise: 0n,
  };
  let buyTurnoverPaise = 0n;
  let sellTurnoverPaise = 0n;
  for (const trade of trades) {
    if (trade.side === 'buy') buyTurnoverPaise += trade.turnoverPaise;
    else sellTurnoverPaise += trade.turnoverPaise;
    for (const line of Object.keys(charges) as (keyof ContractNoteCharges)[]) charges[line] += trade[line];
  }
  invariant(
    charges.totalPaise ===
      charges.brokeragePaise +
        charges.sttPaise +
        charges.exchangePaise +
        charges.sebiPaise +
        charges.stampPaise +
        charges.gstPaise +
        charges.dpPaise,
    'contract note: the charge lines must add up to the total',
  );
  return {
    buyTurnoverPaise,
    sellTurnoverPaise,
    charges,
    netObligationPaise: sellTurnoverPaise - buyTurnoverPaise - charges.totalPaise,
  };
}

/**
 * A contract note's number: `CN/<financial year>/<sequence>`, the sequence counting the broker's
 * notes within the financial year from 1, six digits at least (ADR 0021).
 *
 * @example contractNoteNumber('2026-27', 123) // 'CN/2026-27/000123'
 */
export function contractNoteNumber(financialYear: string, sequence: number): string {
  invariant(
    Number.isInteger(sequence) && sequence > 0,
    `contract note sequence must be positive: ${sequence}`,
  );
  return `CN/${financialYear}/${String(sequence).padStart(6, '0')}`;
}
