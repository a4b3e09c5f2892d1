// An order or position as the trading calls answer it (docs/api.md "Trading"; packages/contract
// calls/trade.ts): the trade screens read it, and so do block trades, copy-trading and lending.

export type OrderSide = 'long' | 'short';
export type OrderType = 'market' | 'limit' | 'sl' | 'sl-m';
export type PositionStatus = 'pending' | 'holding' | 'closed' | 'cancelled';

/** One order or position: every field of the spec's "Position or order" the server sends. */
export interface Position {
  id: string;
  orderNo: string;
  symbol: string;
  name: string;
  currency: string;
  side: OrderSide;
  orderType: OrderType;
  intraday: boolean;
  leverage: number;
  quantity: number;
  status: PositionStatus;
  placedAt: number;
  buyPrice: string;
  limitPrice: string | null;
  triggerPrice: string | null;
  triggered: boolean;
  held: string;
  buyTime: number | null;
  confirmPrice: string | null;
  fillTickAt: number | null;
  cost: string | null;
  originalMargin: string | null;
  currentPrice: string | null;
  marketValue: string | null;
  openFee: string | null;
  closeFee: string | null;
  fee: string;
  tax: string | null;
  profitLoss: string | null;
  netProfitLoss: string | null;
  houseAbsorbed: string | null;
  stopOutPrice: string | null;
  lockTime: number | null;
  lockRemainingMs: number;
  locked: boolean;
  /** Lent out through securities lending: closing waits for this term end. */
  lentUntil: number | null;
  sellTime: number | null;
  sellPrice: string | null;
  exitTickAt: number | null;
  closeReason: 'user' | 'stop_out' | 'square_off' | null;
  cancelledAt: number | null;
  cancelReason: 'user' | 'expired' | 'funds' | null;
}
