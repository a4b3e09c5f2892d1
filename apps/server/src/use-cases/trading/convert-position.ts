import {
  type CurrencyCode,
  convertedTermsOf,
  isOpen,
  istDate,
  istInstantMs,
  marginChangePostings,
  type PositionSide,
  type Product,
  type TradingCalendarId,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { postEntry } from '../../repositories/ledger.repository.js';
import {
  findOpenPositionsOfUser,
  lockPosition,
  markPositionConverted,
  type PositionRecord,
} from '../../repositories/position.repository.js';
import { readTradingParameters } from '../../repositories/trading-parameters.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { refuseUnlessMayTrade } from './refuse-unless-may-trade.js';
import { tradingAccountsOf } from './trading-accounts.js';

const REASON = {
  same_product: 'the old and new products are the same',
  not_mis_or_cnc: 'positions convert between MIS and CNC only',
  short_delivery: 'a short cannot be held as delivery (CNC)',
} as const;

/**
 * Converts the investor's holdings of a symbol between MIS and CNC (Kite's convertPosition;
 * docs/adr/0031), all of them at once: the quantity named must be the whole of that side and
 * product. Core's convertedTermsOf gives each holding's new margin at its entry price; the margin
 * change moves between cash and margin in one balanced entry per holding (cash may not go negative:
 * the database refuses, and the whole conversion with it). To MIS needs intraday trading approved,
 * holdings opened today and the session open before the square-off; to CNC, a long. The opening
 * charges stay as they were paid. Audited.
 */
export async function convertPosition(
  deps: AppDeps,
  context: UserContext,
  input: { symbol: string; side: PositionSide; quantity: number; fromProduct: Product; toProduct: Product },
): Promise<PositionRecord[]> {
  refuseUnlessMayTrade(context.user);
  const nowMs = context.nowMs;
  const instrument =
    (await findInstrumentCached(deps.db, input.symbol)) ??
    refuse('INSTRUMENT_NOT_FOUND', { symbol: input.symbol });
  const parameters = await readTradingParameters(deps.db);
  const holdings = (await findOpenPositionsOfUser(deps.db, context.user.id))
    .filter(
      (position) =>
        position.symbol === input.symbol &&
        position.state === 'holding' &&
        position.side === input.side &&
        position.product === input.fromProduct &&
        position.origin !== 'follow',
    )
    .sort((a, b) => Number(a.id - b.id));
  const held = holdings.reduce((sum, position) => sum + position.quantity, 0);
  if (held === 0)
    refuse('POSITION_CONVERT_INVALID', { reason: `no ${input.fromProduct} position in ${input.symbol}` });
  if (held !== input.quantity)
    refuse('POSITION_CONVERT_INVALID', { reason: `convert the whole position: ${held} shares` });
  const intradayLeverage = Math.max(...instrument.leverages);
  const probe = convertedTermsOf({
    side: input.side,
    fromProduct: input.fromProduct,
    toProduct: input.toProduct,
    entryPricePaise: 1n,
    quantity: 1,
    marginPaise: 1n,
    intradayLeverage,
    stopOutBps: parameters.stopOutBps,
  });
  if (!probe.ok) refuse('POSITION_CONVERT_INVALID', { reason: REASON[probe.reason] });
  if (input.toProduct === 'MIS') {
    if (context.user.dayTradingStatus !== 'approved') refuse('MARGIN_TRADING_NOT_ENABLED');
    const calendarId = instrument.calendar as TradingCalendarId;
    if (
      !isOpen(deps.calendar.current, calendarId, nowMs) ||
      nowMs >= istInstantMs(istDate(nowMs), parameters.squareOffMinutes)
    )
      refuse('OUTSIDE_TRADING_HOURS');
    if (holdings.some((position) => istDate(position.openedAtMs ?? 0) !== istDate(nowMs)))
      refuse('POSITION_CONVERT_INVALID', { reason: 'only a position opened today becomes intraday' });
    if (intradayLeverage <= 1) refuse('PRODUCT_NOT_ALLOWED', { product: 'MIS', symbol: input.symbol });
  }
  const accounts = await tradingAccountsOf(deps.db, context.user.id, 'INR' as CurrencyCode);
  const converted = await inTransaction(deps.db, async (trx) => {
    const after: PositionRecord[] = [];
    for (const found of holdings) {
      const position = await lockPosition(trx, found.id, context.user.id);
      if (position?.state !== 'holding' || position.product !== input.fromProduct)
        refuse('POSITION_CONVERT_INVALID', { reason: 'the position changed meanwhile' });
      const terms = convertedTermsOf({
        side: position!.side,
        fromProduct: input.fromProduct,
        toProduct: input.toProduct,
        entryPricePaise: position!.entryPricePaise!,
        quantity: position!.quantity,
        marginPaise: position!.marginPaise!,
        intradayLeverage,
        stopOutBps: parameters.stopOutBps,
      });
      if (!terms.ok) return refuse('POSITION_CONVERT_INVALID', { reason: REASON[terms.reason] });
      const postings = marginChangePostings(accounts, terms.marginChangePaise, position!.currency);
      if (postings.length > 0)
        await postEntry(trx, {
          key: `position:${position!.id}:convert:${input.toProduct}:${nowMs}`,
          kind: 'trade_margin_convert',
          reference: String(position!.id),
          referenceType: 'position',
          postedBy: { type: 'user', id: context.user.id },
          atMs: nowMs,
          postings,
        });
      const converted = await markPositionConverted(trx, position!, terms);
      await auditUserAct(trx, context, {
        action: 'user.position.converted',
        target: { type: 'position', id: position!.id },
        before: { product: position!.product, marginPaise: position!.marginPaise },
        after: { product: converted.product, marginPaise: converted.marginPaise },
      });
      after.push(converted);
    }
    return after;
  });
  for (const position of converted) deps.positionChanges.emit(position);
  return converted;
}
