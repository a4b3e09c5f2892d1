import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { type ChartSettings, candlesRequest, DEFAULT_CHART_SETTINGS } from './chart-settings';

// A stand-in for the canvas chart (jsdom has no canvas): it runs the data loader as klinecharts
// does and records how wide the bars are drawn.
const fake = vi.hoisted(() => ({
  barSpaces: [] as number[],
  loaded: [] as unknown[][],
  options: undefined as unknown,
}));

vi.mock('klinecharts', () => ({
  registerLocale: () => undefined,
  dispose: () => undefined,
  init: (_element: unknown, options: unknown) => {
    fake.options = options;
    let loader: { getBars: (request: unknown) => Promise<void> } | undefined;
    return {
      subscribeAction: () => undefined,
      resize: () => undefined,
      getStyles: () => ({ indicator: { lines: [{ color: '#FF9600' }] } }),
      setStyles: () => undefined,
      setDataLoader: (next: typeof loader) => {
        loader = next;
      },
      setSymbol: () => undefined,
      setPeriod: () => {
        void loader?.getBars({
          type: 'init',
          timestamp: null,
          callback: (bars: unknown[]) => fake.loaded.push(bars),
        });
      },
      removeIndicator: () => undefined,
      getIndicators: () => [
        {
          id: 'ma',
          shortName: 'MA',
          precision: 2,
          figures: [{ key: 'ma5', title: 'MA5: ' }],
          result: (fake.loaded.at(-1) ?? []).map(() => ({ ma5: 100.5 })),
        },
      ],
      createIndicator: () => undefined,
      getDataList: () => fake.loaded.at(-1) ?? [],
      getSize: () => ({ width: 382 }),
      setOffsetRightDistance: () => undefined,
      scrollToRealTime: () => undefined,
      setBarSpace: (space: number) => fake.barSpaces.push(space),
    };
  },
}));

const { default: KlineChart } = await import('./kline-chart');

function candles(count: number, stepMs: number) {
  const start = Date.UTC(2026, 10, 23, 3, 45);
  return Array.from({ length: count }, (_, index) => ({
    time: start + index * stepMs,
    open: 100,
    high: 101,
    low: 99,
    close: 100,
    volume: 10,
  }));
}

async function draw(settings: ChartSettings, reply: ReturnType<typeof candles>) {
  fake.barSpaces.length = 0;
  fake.loaded.length = 0;
  const fetchStub = vi.fn<typeof fetch>(async () =>
    jsonResponse({ status: 1, data: { symbol: 'TCS', period: '1d', adjustment: 'none', candles: reply } }),
  );
  vi.stubGlobal('fetch', fetchStub);
  render(
    <KlineChart
      symbol="TCS"
      settings={settings}
      tick={undefined}
      locale="en"
      labels={{ open: 'O ', high: 'H ', low: 'L ', close: 'C ' }}
      label="Chart"
    />,
  );
  await waitFor(() => expect(fake.loaded).toHaveLength(1));
  return JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body));
}

afterEach(() => vi.unstubAllGlobals());

describe('the chart draws a whole span whole', () => {
  it('fits every daily candle of 1Y on the screen, not the last ~35', async () => {
    const body = await draw({ ...DEFAULT_CHART_SETTINGS, range: '1Y' }, candles(248, 86_400_000));
    expect(body).toMatchObject({ period: '1d', range: '1Y', limit: 367 });
    const space = fake.barSpaces.at(-1) ?? 10;
    expect(space * 248).toBeLessThanOrEqual(382);
    expect(space * 248).toBeGreaterThan(300);
  });

  it('fits the time share from 09:15 IST to now', async () => {
    const body = await draw({ ...DEFAULT_CHART_SETTINGS, period: 'timeshare' }, candles(300, 60_000));
    expect(body).toMatchObject({ period: 'timeshare', limit: 1440 });
    const space = fake.barSpaces.at(-1) ?? 10;
    expect(space * 300).toBeLessThanOrEqual(382);
  });

  it('opens a paged period on at least 120 bars, not the ~38 of the default bar width', async () => {
    await draw({ ...DEFAULT_CHART_SETTINGS, period: '1d' }, candles(300, 86_400_000));
    const space = fake.barSpaces.at(-1) ?? 10;
    expect(Math.floor(382 / space)).toBeGreaterThanOrEqual(120);
  });

  it('asks for enough candles for each range, within the call’s limit', () => {
    const limits = (['1W', '1M', '3M', '6M', '1Y'] as const).map(
      (range) => candlesRequest('TCS', { ...DEFAULT_CHART_SETTINGS, range }).limit,
    );
    expect(limits).toEqual([8, 32, 93, 184, 367]);
  });
});

describe('the chart legend', () => {
  it('draws the values above the canvas, with the library tooltips over the candles turned off', async () => {
    await draw({ ...DEFAULT_CHART_SETTINGS, period: '1d' }, candles(130, 86_400_000));
    const styles = (
      fake.options as { styles: { candle: { tooltip: unknown }; indicator: { tooltip: unknown } } }
    ).styles;
    expect(styles.candle.tooltip).toEqual({ showRule: 'none' });
    expect(styles.indicator.tooltip).toEqual({ showRule: 'none' });
    const legend = await screen.findByRole('region', { name: 'Values at the chosen candle' });
    await waitFor(() => expect(legend.textContent).toContain('MA5: 100.50'));
    const canvas = screen.getByRole('img', { name: 'Chart' });
    // The legend is the canvas's sibling before it, so it takes its own room above the chart.
    expect(legend.nextElementSibling).toBe(canvas);
    expect(canvas.contains(legend)).toBe(false);
  });
});
