import type { Position } from '../../api/positions';

// The words of a position's prices and quantity depend on its side and state: a short opens with a
// sale and closes with a buy-back; a pending order has an order price and a quantity ordered, not
// a buy price and a quantity held.

/** The i18n keys of the opening (entry) price and time. */
export function entryLabels(position: Pick<Position, 'side' | 'status'>): { price: string; time: string } {
  if (position.status === 'pending' || position.status === 'cancelled') {
    return { price: 'trade.field.orderPrice', time: 'trade.field.placedAt' };
  }
  return position.side === 'short'
    ? { price: 'trade.field.sellPrice', time: 'trade.field.sellTime' }
    : { price: 'trade.field.buyPrice', time: 'trade.field.buyTime' };
}

/** The i18n keys of the closing (exit) price and time: a short is closed by buying back. */
export function exitLabels(position: Pick<Position, 'side'>): { price: string; time: string } {
  return position.side === 'short'
    ? { price: 'trade.field.buyBackPrice', time: 'trade.field.buyBackTime' }
    : { price: 'trade.field.sellPrice', time: 'trade.field.sellTime' };
}

/** The i18n key of the quantity: ordered while pending, held while holding, plain once over. */
export function quantityLabel(position: Pick<Position, 'status'>): string {
  if (position.status === 'pending' || position.status === 'cancelled') return 'trade.field.quantityOrdered';
  return position.status === 'holding' ? 'trade.field.quantity' : 'trade.field.quantityClosed';
}

/** The price an order asks for (limit, else trigger), or the price it opened at once filled. */
export function entryPrice(position: Position): string | null {
  if (position.status === 'pending' || position.status === 'cancelled') {
    return position.limitPrice ?? position.triggerPrice ?? null;
  }
  return position.confirmPrice ?? position.buyPrice;
}

/**
 * The price a position is shown at: the live one while holding, the exit price once closed (a
 * closed position no longer moves with the market), else the server's figure.
 */
export function shownPrice(position: Position, livePrice: string | undefined): string | null {
  if (position.status === 'holding') return livePrice ?? position.currentPrice;
  if (position.status === 'closed') return position.sellPrice;
  return position.currentPrice;
}

/** A stop-out price matters only with borrowed money: at leverage 1 the loss can never pass the margin. */
export function showsStopOut(position: Pick<Position, 'leverage' | 'stopOutPrice'>): boolean {
  return position.stopOutPrice !== null && position.leverage > 1;
}
