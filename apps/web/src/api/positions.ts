import type { CallData } from './calls';

// An order or position as the trading calls answer it (packages/contract calls/trade.ts):
// the trade screens read it, and so do block trades, copy-trading and lending.

/** One order or position: every field of the spec's "Position or order" the server sends. */
export type Position = CallData<'trade/positionDetail'>;
export type OrderSide = Position['side'];
export type OrderType = Position['orderType'];
export type PositionStatus = Position['status'];
export type Product = Position['product'];
