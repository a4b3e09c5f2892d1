import type { Chart } from 'klinecharts';
import { describe, expect, it } from 'vitest';
import { readLegend } from './chart-legend';

/** A chart with one candle and the volume indicator, as klinecharts 10 reports them. */
function chartWithVolume(): Chart {
  const bar = { timestamp: 0, open: 100, high: 110, low: 90, close: 105, volume: 1200 };
  return {
    getDataList: () => [bar],
    getStyles: () => ({ indicator: { lines: [{ color: '#f00' }] } }),
    getIndicators: () => [
      {
        id: 'vol',
        shortName: 'VOL',
        precision: 0,
        result: [{ volume: 1200, ma5: 1100 }],
        figures: [
          { key: 'ma5', title: 'MA5: ' },
          { key: 'volume', title: 'VOLUME: ' },
        ],
      },
    ],
  } as unknown as Chart;
}

describe('the chart legend lines', () => {
  it('names the volume in the investor’s language, not the library’s English "VOLUME"', () => {
    const labels = { open: 'खुला: ', high: 'उच्च: ', low: 'निम्न: ', close: 'बंद: ', volume: 'वॉल्यूम: ' };
    const lines = readLegend(chartWithVolume(), undefined, labels);
    const volume = lines.find((line) => line.id === 'vol');
    expect(volume?.items.map((item) => item.title)).toEqual(['MA5: ', 'वॉल्यूम: ']);
    expect(JSON.stringify(lines)).not.toContain('VOLUME');
  });
});
