/**
 * The life of an order and the position it becomes (DESIGN §5, the spec's "Position or order"):
 *
 *   pending ──fill──▶ holding ──close / stop_out / square_off / product_end──▶ closed
 *   pending ──cancel / expire / reject──▶ cancelled
 *   holding ──split──▶ holding (the remainder of a partial sell; the part sold is a new holding)
 *   pending ──modify──▶ pending (price, trigger or quantity changed; the hold follows)
 *
 * A market order is born holding (it fills at once); a limit or stop order is born pending. Closed
 * and cancelled are final. Any other action is refused as "do not repeat the operation". Every change
 * of a position's state in the server goes through nextPositionState (the position repository asserts
 * it; the use cases refuse with requiredPositionState).
 */
export const POSITION_STATES = ['pending', 'holding', 'closed', 'cancelled'] as const;
export type PositionState = (typeof POSITION_STATES)[number];

export type PositionAction =
  | 'fill'
  | 'cancel'
  | 'expire'
  | 'reject'
  | 'close'
  | 'stop_out'
  | 'square_off'
  | 'product_end'
  | 'split'
  | 'modify'
  | 'convert';

const TRANSITIONS: Record<PositionAction, { from: PositionState; to: PositionState }> = {
  fill: { from: 'pending', to: 'holding' },
  cancel: { from: 'pending', to: 'cancelled' },
  expire: { from: 'pending', to: 'cancelled' },
  reject: { from: 'pending', to: 'cancelled' },
  close: { from: 'holding', to: 'closed' },
  stop_out: { from: 'holding', to: 'closed' },
  square_off: { from: 'holding', to: 'closed' },
  // A copy-trading product's end closes its mirrored holdings (docs/adr/0014-copy-trading.md).
  product_end: { from: 'holding', to: 'closed' },
  // A partial sell splits a holding into the part sold (a new holding, closed at once in the same
  // transaction) and the remainder, which stays holding (docs/adr/0019-partial-sells.md).
  split: { from: 'holding', to: 'holding' },
  // A holding converted between MIS and CNC keeps holding with its new product and margin (docs/adr/0031).
  convert: { from: 'holding', to: 'holding' },
  // A pending order's price, trigger or quantity changes; it stays pending and its hold follows in
  // one entry (docs/adr/0025-kite-compatible-transport.md, "Order modification").
  modify: { from: 'pending', to: 'pending' },
};

/**
 * The state an action leads to, or null when the action is not allowed in the current state (the
 * caller answers "do not repeat the operation" and changes nothing).
 *
 * Example: `nextPositionState('pending', 'cancel')` is `'cancelled'`;
 * `nextPositionState('closed', 'close')` is `null`.
 */
export function nextPositionState(state: PositionState, action: PositionAction): PositionState | null {
  const transition = TRANSITIONS[action];
  return transition.from === state ? transition.to : null;
}

/**
 * The state a new order is written in: an order is born pending, and one that fills at placement (a
 * market order, a marketable limit) takes the fill at once and is born holding.
 *
 * Example: `positionStateAtPlacement(true)` is `'holding'`; `positionStateAtPlacement(false)` is `'pending'`.
 */
export function positionStateAtPlacement(fillsAtPlacement: boolean): PositionState {
  return fillsAtPlacement ? TRANSITIONS.fill.to : TRANSITIONS.fill.from;
}

/** The state an action requires: what the "do not repeat" refusal names. */
export function requiredPositionState(action: PositionAction): PositionState {
  return TRANSITIONS[action].from;
}

/** Tells whether a state is final (closed or cancelled): nothing happens to it any more. */
export function isFinalPositionState(state: PositionState): boolean {
  return state === 'closed' || state === 'cancelled';
}

export type OrderType = 'market' | 'limit' | 'sl' | 'sl-m';
export const ORDER_TYPES: readonly OrderType[] = ['market', 'limit', 'sl', 'sl-m'];
