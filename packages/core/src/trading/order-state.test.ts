import { describe, expect, it } from 'vitest';
import {
  isFinalPositionState,
  nextPositionState,
  POSITION_STATES,
  type PositionAction,
  positionStateAtPlacement,
  requiredPositionState,
} from './order-state.js';
import { lastSquareOffAtOrBefore } from './square-off.js';

const ACTIONS: PositionAction[] = [
  'fill',
  'cancel',
  'expire',
  'reject',
  'close',
  'stop_out',
  'square_off',
  'product_end',
  'split',
];

describe('position states', () => {
  it('a pending order fills into a holding or is cancelled', () => {
    expect(nextPositionState('pending', 'fill')).toBe('holding');
    expect(nextPositionState('pending', 'cancel')).toBe('cancelled');
    expect(nextPositionState('pending', 'expire')).toBe('cancelled');
  });

  it('a holding closes by the user, a stop-out or the intraday square-off', () => {
    expect(nextPositionState('holding', 'close')).toBe('closed');
    expect(nextPositionState('holding', 'stop_out')).toBe('closed');
    expect(nextPositionState('holding', 'square_off')).toBe('closed');
  });

  it("a copy-trading product's end closes its holdings", () => {
    expect(nextPositionState('holding', 'product_end')).toBe('closed');
    expect(nextPositionState('pending', 'product_end')).toBeNull();
  });

  it('a partial sell splits a holding and leaves the remainder holding; nothing else splits', () => {
    expect(nextPositionState('holding', 'split')).toBe('holding');
    expect(nextPositionState('pending', 'split')).toBeNull();
    expect(requiredPositionState('split')).toBe('holding');
  });

  it('an order that fills at placement is born holding, any other pending', () => {
    expect(positionStateAtPlacement(true)).toBe('holding');
    expect(positionStateAtPlacement(false)).toBe('pending');
  });

  it('refuses cancelling a holding and closing a pending order: do not repeat the operation', () => {
    expect(nextPositionState('holding', 'cancel')).toBeNull();
    expect(nextPositionState('pending', 'close')).toBeNull();
    expect(requiredPositionState('cancel')).toBe('pending');
    expect(requiredPositionState('close')).toBe('holding');
  });

  it('nothing happens to a closed or cancelled position any more', () => {
    for (const state of POSITION_STATES.filter(isFinalPositionState)) {
      for (const action of ACTIONS) expect(nextPositionState(state, action)).toBeNull();
    }
    expect(isFinalPositionState('holding')).toBe(false);
  });
});

describe('lastSquareOffAtOrBefore', () => {
  it('is today at 15:20 IST once it has passed, and yesterday before', () => {
    const at1525 = Date.UTC(2026, 10, 23, 9, 55);
    expect(lastSquareOffAtOrBefore(at1525, 920)).toBe(Date.UTC(2026, 10, 23, 9, 50));
    expect(lastSquareOffAtOrBefore(Date.UTC(2026, 10, 23, 9, 50), 920)).toBe(Date.UTC(2026, 10, 23, 9, 50));
    expect(lastSquareOffAtOrBefore(Date.UTC(2026, 10, 23, 4, 30), 920)).toBe(Date.UTC(2026, 10, 22, 9, 50));
  });
});
