import type { blockBuy } from '@nivesh/contract';
import { blockBand, blockWindowAt, type CurrencyCode, formatPaise, type HoldingLock } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { insertBlockTrade } from '../../repositories/block.repository.js';
import { insertPosition } from '../../repositories/position.repository.js';
import { lockFor, type TradingParameters } from '../../repositories/trading-parameters.repository.js';
import { openingCostsAt } from '../trading/charges-in-force.js';
import { readPrice } from '../trading/place-order.js';
import { openingColumns, postOpening } from '../trading/position-ledger.js';
import { toPositionView } from '../trading/position-view.js';
import { refuseUnlessMayTrade } from '../trading/refuse-unless-may-trade.js';
import { publishPositionEvent } from '../trading/trade-events.js';
import { tradingAccountsOf } from '../trading/trading-accounts.js';
import { readBlockRules, requireBlockInstrument } from './block-rules.js';
import { toBlockTradeView } from './block-views.js';
import { fixBlockReferences } from './fix-block-references.js';

/**
 * A block buy (DESIGN §5, ADR 0012): in an open block window, at least the minimum quantity, an
 * optional limit price inside the band around the window's reference; it executes at once at the
 * reference price, the same for everyone. Block deals are delivery: the result is a long holding at
 * leverage 1 with origin 'block', locked for the block lock (closing early is refused by the
 * ordinary lock rule, with the time left). Margin (the whole notional at leverage 1) and the fee go
 * through the ordinary opening entry (`order:<id>:open`), so fees and tax apply as for any order.
 *
 * Every refusal comes before any write; cash short of amount + fee fails inside the transaction
 * (FUNDS_INSUFFICIENT) and rolls it back, leaving nothing behind.
 */
export const placeBlockBuy: InvestorUseCase<typeof blockBuy> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  refuseUnlessMayTrade(context.user);

  const instrument = await requireBlockInstrument(deps.db, input.symbol);
  const symbol = instrument.symbol;
  const { parameters, trading } = await readBlockRules(deps.db);
  const state = blockWindowAt(deps.calendar.current, parameters.hours, nowMs);
  if (!state.open) refuse('BLOCK_TRADE_CLOSED');
  const window = (state as Extract<typeof state, { open: true }>).window;

  // A block buy is a delivery holding at leverage 1: its product is CNC (ADR 0019).
  if (input.product !== undefined && input.product !== 'CNC') {
    refuse('PRODUCT_NOT_ALLOWED', { product: input.product, symbol });
  }
  if (!Number.isSafeInteger(input.quantity)) refuse('QUANTITY_NOT_WHOLE');
  if (input.quantity < parameters.minQuantity) {
    refuse('BLOCK_QUANTITY_BELOW_MINIMUM', { min: parameters.minQuantity });
  }
  const quantity = input.quantity;
  const limitPricePaise =
    input.price === undefined || input.price === ''
      ? null
      : readPrice(input.price, 'price', instrument.tick_paise);

  const reference =
    (await fixBlockReferences(deps, window, [instrument], nowMs)).get(symbol) ?? refuse('PRICE_UNAVAILABLE');
  const band = blockBand(reference.pricePaise, parameters.bandBps, instrument.tick_paise);
  if (limitPricePaise !== null && (limitPricePaise < band.lowerPaise || limitPricePaise > band.upperPaise)) {
    refuse('BEYOND_BLOCK_BAND', {
      lower: formatPaise(band.lowerPaise),
      upper: formatPaise(band.upperPaise),
    });
  }

  const leverage = 1;
  const costs = openingCostsAt(
    trading,
    { side: 'long', product: 'CNC', pricePaise: reference.pricePaise, quantity, leverage },
    nowMs,
  );
  const lock = blockLock(parameters.lockDays, trading, symbol);
  const currency: CurrencyCode = 'INR';
  const accounts = await tradingAccountsOf(deps.db, context.user.id, currency);
  const postedBy = { type: 'user' as const, id: context.user.id };
  const { position, trade } = await inTransaction(deps.db, async (trx) => {
    const record = await insertPosition(trx, {
      user_id: context.user.id,
      symbol,
      currency,
      side: 'long',
      order_type: limitPricePaise === null ? 'market' : 'limit',
      intraday: false,
      leverage,
      quantity: BigInt(quantity),
      limit_price_paise: limitPricePaise,
      trigger_price_paise: null,
      state: 'holding',
      placed_at: new Date(nowMs),
      placed_price_paise: reference.pricePaise,
      held_paise: 0n,
      origin: 'block',
      ...openingColumns({
        side: 'long',
        quantity,
        pricePaise: reference.pricePaise,
        // The fill records where its price came from: the close, or the end of the VWAP period.
        tickAtMs: reference.sourceAtMs,
        openedAtMs: nowMs,
        costs,
        lock,
        stopOutBps: trading.stopOutBps,
      }),
    });
    await postOpening(trx, { position: record, accounts, costs, atMs: nowMs, postedBy });
    const tradeRow = await insertBlockTrade(trx, {
      user_id: context.user.id,
      position_id: record.id,
      side: 'buy',
      symbol,
      trading_date: window.date,
      block_window: window.name,
      quantity: BigInt(quantity),
      limit_price_paise: limitPricePaise,
      reference_price_paise: reference.pricePaise,
      band_lower_paise: band.lowerPaise,
      band_upper_paise: band.upperPaise,
      lock_days: lock.days,
      placed_at: new Date(nowMs),
    });
    return { position: record, trade: tradeRow };
  });
  deps.positionChanges.emit(position);
  const quote = deps.prices.cached(symbol);
  const view = toPositionView(position, { name: instrument.name, livePricePaise: quote?.pricePaise, nowMs });
  publishPositionEvent(deps, position.userId, 'filled', view);
  return {
    trade: toBlockTradeView({
      ...trade,
      name: instrument.name,
      position_state: position.state,
      open_fee_paise: position.openFeePaise,
      locked_until: position.lockedUntilMs === null ? null : new Date(position.lockedUntilMs),
    }),
    position: view,
  };
};

/**
 * The lock of a block buy: block_lock_days days when set, otherwise the ordinary lock of the symbol
 * (a block buy is never freer than an ordinary buy of the same share).
 */
function blockLock(lockDays: number, trading: TradingParameters, symbol: string): Required<HoldingLock> {
  return lockDays > 0 ? { days: lockDays, minutes: 0 } : lockFor(trading, symbol);
}
