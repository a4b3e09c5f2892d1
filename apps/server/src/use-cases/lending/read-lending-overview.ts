import type { DataOf, lendingOverview } from '@nivesh/contract';
import { formatPaise, LENDING_TERM_DAYS, lendingIneligibility, lendingValuePaise } from '@nivesh/core';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findLendingCandidates } from '../../repositories/lending.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';

type Overview = DataOf<typeof lendingOverview>;

/** Holdings listed on the lending screen at most (a user with more sees the first ones by id). */
const HOLDINGS_MAX = 200;

/**
 * The lending screen: the switch, rate, terms and minimum in force, and the investor's lendable
 * holdings (unlevered longs, not intraday, not copy-trading), each valued at the feed's last price,
 * with the lending in progress on it when lent.
 */
export async function readLendingOverview(deps: AppDeps, context: UserContext): Promise<Overview> {
  const parameters = await readParameters(deps.db);
  const candidates = await findLendingCandidates(deps.db, context.user.id, HOLDINGS_MAX);
  const lendable = candidates.filter((candidate) => lendingIneligibility(candidate) === null);
  const prices = await deps.prices.currentMany(lendable.map((holding) => holding.symbol));
  return {
    channelOpen: parameters.lending_channel_open,
    feeBpsPerDay: parameters.lending_fee_bps_per_day,
    terms: [...LENDING_TERM_DAYS],
    minValue: formatPaise(parameters.lending_value_min),
    holdings: lendable.map((holding) => {
      const pricePaise = prices.get(holding.symbol)?.pricePaise ?? null;
      return {
        positionId: String(holding.positionId),
        symbol: holding.symbol,
        name: holding.name,
        quantity: holding.quantity,
        unit: holding.segment === 'crypto' ? ('units' as const) : ('shares' as const),
        price: pricePaise === null ? null : formatPaise(pricePaise),
        value: pricePaise === null ? null : formatPaise(lendingValuePaise(holding.quantity, pricePaise)),
        lendingId: holding.lendingId === null ? null : String(holding.lendingId),
        lentUntil: holding.lentUntilMs,
      };
    }),
  };
}
