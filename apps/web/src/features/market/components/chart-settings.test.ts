import { describe, expect, it } from 'vitest';
import { candlesRequest } from './chart-settings';

describe('candlesRequest', () => {
  it('asks for a period, or for the daily candles of a range', () => {
    expect(candlesRequest('TCS', { period: '5m', range: null, adjustment: 'none' })).toEqual({
      symbol: 'TCS',
      period: '5m',
      adjustment: 'none',
    });
    expect(
      candlesRequest('TCS', { period: '5m', range: '1Y', adjustment: 'forward' }, 1_700_000_000_000),
    ).toEqual({
      symbol: 'TCS',
      period: '1d',
      adjustment: 'forward',
      range: '1Y',
      limit: 367,
      before: 1_700_000_000_000,
    });
  });
});
