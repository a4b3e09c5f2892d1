import type { BlockInstrument, BlockRules, BlockTrade, BlockWindowState } from '@nivesh/contract';
import {
  blockBand,
  type BlockWindowState as CoreWindowState,
  computeNotional,
  formatBpsAsPercent,
  formatPaise,
  previousCloseOn,
} from '@nivesh/core';
import type { Static } from 'typebox';
import type {
  BlockParameters,
  BlockReferenceRecord,
  BlockTradeWithPosition,
} from '../../repositories/block.repository.js';
import type { InstrumentRow } from '../../trading/instrument-cache.js';
import type { FeedPrice } from '../../trading/live-prices.js';

/** How the block area answers: the window state, the rules, an instrument, a trade. */

export function toWindowView(state: CoreWindowState, nowMs: number): Static<typeof BlockWindowState> {
  const window = state.open ? state.window : state.next;
  return {
    open: state.open,
    window: window.name,
    tradingDate: window.date,
    opensAt: window.opensAtMs,
    closesAt: window.closesAtMs,
    serverTime: nowMs,
  };
}

export function toRulesView(parameters: BlockParameters): Static<typeof BlockRules> {
  return {
    minQuantity: parameters.minQuantity,
    bandBps: parameters.bandBps,
    bandPercent: formatBpsAsPercent(parameters.bandBps),
    lockDays: parameters.lockDays,
    morning: { ...parameters.hours.morning },
    afternoon: { ...parameters.hours.afternoon },
  };
}

export function toInstrumentView(
  instrument: InstrumentRow,
  input: {
    quote: FeedPrice | undefined;
    reference: BlockReferenceRecord | undefined;
    current: boolean;
    bandBps: number;
    today: string;
  },
): Static<typeof BlockInstrument> {
  const { quote, reference } = input;
  const band = reference ? blockBand(reference.pricePaise, input.bandBps, instrument.tick_paise) : undefined;
  return {
    symbol: instrument.symbol,
    name: instrument.name,
    exchange: instrument.exchange,
    lastPrice: quote ? formatPaise(quote.pricePaise) : null,
    previousClose: quote ? formatPaise(previousCloseOn(quote, input.today)) : null,
    reference:
      reference && band
        ? {
            price: formatPaise(reference.pricePaise),
            basis: reference.basis,
            tradingDate: reference.tradingDate,
            window: reference.window,
            sourceAt: reference.sourceAtMs,
            bandLower: formatPaise(band.lowerPaise),
            bandUpper: formatPaise(band.upperPaise),
            current: input.current,
          }
        : null,
  };
}

export function toBlockTradeView(row: Omit<BlockTradeWithPosition, 'phone'>): Static<typeof BlockTrade> {
  const quantity = Number(row.quantity);
  return {
    id: String(row.id),
    positionId: String(row.position_id),
    side: row.side,
    symbol: row.symbol,
    name: row.name,
    tradingDate: row.trading_date,
    window: row.block_window,
    quantity,
    limitPrice: row.limit_price_paise === null ? null : formatPaise(row.limit_price_paise),
    referencePrice: formatPaise(row.reference_price_paise),
    bandLower: formatPaise(row.band_lower_paise),
    bandUpper: formatPaise(row.band_upper_paise),
    amount: formatPaise(computeNotional(row.reference_price_paise, quantity)),
    fee: formatPaise(row.open_fee_paise ?? 0n),
    lockDays: row.lock_days,
    lockUntil: row.locked_until ? row.locked_until.getTime() : null,
    placedAt: row.placed_at.getTime(),
    positionStatus: row.position_state,
  };
}
