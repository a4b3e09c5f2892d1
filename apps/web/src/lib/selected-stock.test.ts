import { afterEach, describe, expect, it } from 'vitest';
import { detailPathOf, readSelectedStock, SELECTED_STOCK_KEY, storeSelectedStock } from './selected-stock';

afterEach(() => localStorage.clear());

describe('the selected stock under stockDetail', () => {
  it('round-trips through local storage under the spec’s key', () => {
    storeSelectedStock({ symbol: 'RELIANCE', name: 'Reliance Industries Ltd.', exchange: 'NSE' });
    expect(JSON.parse(localStorage.getItem(SELECTED_STOCK_KEY) ?? '')).toEqual({
      symbol: 'RELIANCE',
      name: 'Reliance Industries Ltd.',
      exchange: 'NSE',
    });
    expect(readSelectedStock()).toEqual({
      symbol: 'RELIANCE',
      name: 'Reliance Industries Ltd.',
      exchange: 'NSE',
    });
  });

  it('ignores a missing, broken or unsafe value', () => {
    expect(readSelectedStock()).toBeNull();
    localStorage.setItem(SELECTED_STOCK_KEY, '{not json');
    expect(readSelectedStock()).toBeNull();
    localStorage.setItem(SELECTED_STOCK_KEY, JSON.stringify({ symbol: '../../etc' }));
    expect(readSelectedStock()).toBeNull();
  });

  it('opens indices on the index detail screen', () => {
    expect(detailPathOf('NIFTY50')).toBe('/market/stockDetailzs');
    expect(detailPathOf('TCS')).toBe('/market/stockDetail');
  });
});
