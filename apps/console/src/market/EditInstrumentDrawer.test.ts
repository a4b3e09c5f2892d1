import { describe, expect, it } from 'vitest';
import type { Instrument } from '../api/console-calls';
import { instrumentChanges } from './EditInstrumentDrawer';

const reliance: Instrument = {
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  kind: 'equity',
  segment: 'listed',
  exchange: 'NSE',
  tickSize: '0.05',
  priceBandBps: 1000,
  leverages: [1, 2, 5],
  shortable: true,
  tradable: true,
  lotSize: 1,
};

describe('instrument changes', () => {
  it('sends only the fields that changed, leverages sorted without repeats', () => {
    expect(
      instrumentChanges(reliance, {
        tradable: false,
        shortable: true,
        leverages: [5, 1, 2, 10, 10],
        priceBandBps: 1000,
        tickSize: ' 0.05 ',
        segment: 'listed',
        reason: 'x',
      }),
    ).toEqual({ tradable: false, leverages: [1, 2, 5, 10] });
  });

  it('sends nothing when nothing changed', () => {
    expect(instrumentChanges(reliance, { ...reliance, reason: 'x' })).toEqual({});
  });
});
