import { isLevelReached, limitLevelOf, type OrderType, type Product, parsePaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, UserContext } from '../../application/context.js';
import { findOpenPositionsOfUser } from '../../repositories/position.repository.js';
import { closePosition } from '../trading/close-position.js';
import { placeOrder } from '../trading/place-order.js';
import { sellHoldings } from '../trading/sell-holdings.js';

/** A Kite order's terms, read from its wire (prices as the decimal text sent). */
export interface KiteOrderTerms {
  symbol: string;
  transactionType: 'BUY' | 'SELL';
  quantity: number;
  product: Product;
  orderType: OrderType;
  price?: string | undefined;
  triggerPrice?: string | undefined;
}

/**
 * What a Kite order became: the opening of a position (`open`, the order is the position's) or the
 * closing of one (`close`, a sale of holdings or a covered short: the order is the position's close).
 */
export type KiteOrderOutcome = { kind: 'open' | 'close'; positionId: bigint };

/**
 * A Kite order mapped onto the same use cases as the app's calls (docs/adr/0025): a BUY opens a
 * long (trade/open) unless it covers an intraday short; a SELL of CNC or MTF sells holdings oldest
 * first (trade/sell), and a SELL of MIS sells intraday longs when there are some, else opens a
 * short. A sale of holdings fills at the market: a LIMIT sale is taken when the feed price is
 * already at its limit or better (core's crossing rule, so it fills at the feed, at the limit or
 * better, DESIGN §1.5), and refused otherwise (a resting limit sale has no Nivesh counterpart).
 * The trading engine's GTTs and after-market orders place their orders through here too
 * (docs/adr/0031).
 */
export async function placeKiteOrder(
  deps: AppDeps,
  context: UserContext,
  terms: KiteOrderTerms,
): Promise<KiteOrderOutcome> {
  const { symbol, transactionType, quantity, product, orderType } = terms;
  const open = (await findOpenPositionsOfUser(deps.db, context.user.id)).filter(
    (position) => position.symbol === symbol && position.product === product && position.state === 'holding',
  );
  if (transactionType === 'SELL') {
    const longs = open.filter((position) => position.side === 'long');
    if (product !== 'MIS' || longs.length > 0) {
      if (orderType !== 'market' && !(await isLimitSaleMarketable(deps, terms)))
        refuse('KITE_INPUT_INVALID', {
          field: 'order_type',
          reason: 'a sale of holdings is a MARKET order, or a LIMIT at or below the last price',
        });
      const sale = await sellHoldings(deps, context, { symbol, product, quantity });
      return { kind: 'close', positionId: sale.lots[0] ? BigInt(sale.lots[0].positionId) : 0n };
    }
  }
  if (transactionType === 'BUY' && product === 'MIS') {
    // Covering an intraday short: the oldest short holding of the symbol closes (in part) at the market.
    const short = open.filter((position) => position.side === 'short').sort((a, b) => Number(a.id - b.id))[0];
    if (short) {
      if (orderType !== 'market' || quantity > short.quantity)
        refuse('KITE_INPUT_INVALID', { field: 'quantity', reason: 'covers one short holding at the market' });
      const closed = await closePosition(deps, context, { id: short.id.toString(), quantity });
      return { kind: 'close', positionId: BigInt(closed.id) };
    }
  }
  const placed = await placeOrder(deps, context, {
    symbol,
    side: transactionType === 'BUY' ? 'long' : 'short',
    orderType,
    quantity,
    product,
    ...(terms.price !== undefined ? { price: terms.price } : {}),
    ...(terms.triggerPrice !== undefined ? { triggerPrice: terms.triggerPrice } : {}),
  });
  return { kind: 'open', positionId: BigInt(placed.id) };
}

/** Whether a LIMIT sale's limit is reached by the current feed price (a sale at or above it). */
async function isLimitSaleMarketable(deps: AppDeps, terms: KiteOrderTerms): Promise<boolean> {
  if (terms.orderType !== 'limit' || terms.price === undefined) return false;
  const limit = parsePaise(terms.price);
  if (!limit.ok) return false;
  const price = await deps.prices.current(terms.symbol, 0);
  return price !== undefined && isLevelReached(limitLevelOf('short', limit.paise), price.pricePaise);
}
