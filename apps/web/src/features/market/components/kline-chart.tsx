import { type Chart, dispose, init, type KLineData, type PeriodType, registerLocale } from 'klinecharts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallData } from '../../../api/calls';
import { call } from '../../../api/client';
import type { Tick } from '../../../stream/market-stream';
import { ChartLegend, type LegendLine, readLegend } from './chart-legend';
import {
  barLengthMs,
  barSpaceToFit,
  type ChartSettings,
  candlesRequest,
  DEFAULT_VISIBLE_BARS,
  MIN_BAR_SPACE_PX,
  showsWhole,
} from './chart-settings';

type CandlesReply = CallData<'market/candles'>;

const UP = '#0a8f4e';
const DOWN = '#d92d20';

function periodOf(settings: ChartSettings): { type: PeriodType; span: number } {
  if (settings.range) return { type: 'day', span: 1 };
  switch (settings.period) {
    case 'timeshare':
    case '1m':
      return { type: 'minute', span: 1 };
    case '5m':
      return { type: 'minute', span: 5 };
    case '15m':
      return { type: 'minute', span: 15 };
    case '30m':
      return { type: 'minute', span: 30 };
    case '1d':
      return { type: 'day', span: 1 };
    case '1w':
      return { type: 'week', span: 1 };
    case '1M':
      return { type: 'month', span: 1 };
  }
}

function toBar(candle: CandlesReply['candles'][number]): KLineData {
  return { timestamp: candle.time, ...candle };
}

/** Whether the first page may have older candles: a time share and a range come whole. */
function pagesBack(settings: ChartSettings): boolean {
  return !showsWhole(settings);
}

/** Room right of the last bar, px. */
const RIGHT_OFFSET_PX = 8;

/**
 * A whole span is drawn at a bar width that fits all its candles; a paged period shows at least
 * the newest DEFAULT_VISIBLE_BARS (more when the screen is wide enough at the default width).
 */
function fitBars(instance: Chart, element: HTMLElement | null, settings: ChartSettings, count: number) {
  const width = instance.getSize('candle_pane')?.width ?? element?.clientWidth ?? 0;
  instance.setOffsetRightDistance(RIGHT_OFFSET_PX);
  const shown = showsWhole(settings) ? count : DEFAULT_VISIBLE_BARS;
  instance.setBarSpace(barSpaceToFit(width - RIGHT_OFFSET_PX, shown));
  instance.scrollToRealTime();
}

interface KlineChartProps {
  symbol: string;
  settings: ChartSettings;
  tick: Tick | undefined;
  /** The app's language, and the chart's own words (tooltip labels, period units) in it. */
  locale: string;
  labels: Record<string, string>;
  label: string;
  onLoaded?: (count: number) => void;
}

/**
 * The candle chart (klinecharts 10), fed by market/candles; paging back loads older candles and a
 * live tick moves the last bar. This module is only imported by the detail screens, so the chart
 * library loads with them and never with the first screen.
 */
export default function KlineChart({
  symbol,
  settings,
  tick,
  locale,
  labels,
  label,
  onLoaded,
}: KlineChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const settingsRef = useRef(settings);
  const generation = useRef(0);
  const pushBar = useRef<((bar: KLineData) => void) | null>(null);
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const barCount = useRef(0);
  // The values of the candle under the finger (or the newest) and of each indicator, drawn above the
  // canvas so that no legend covers a candle; klinecharts' own tooltips are off.
  const [legend, setLegend] = useState<LegendLine[]>([]);
  const crosshairIndex = useRef<number | undefined>(undefined);
  const refreshLegend = useCallback(() => {
    const instance = chart.current;
    if (!instance) return;
    setLegend(readLegend(instance, crosshairIndex.current, labelsRef.current));
  }, []);
  // Indicators are computed asynchronously after data arrive: read them once that work is done.
  const refreshLegendSoon = useCallback(() => {
    setTimeout(refreshLegend, 0);
  }, [refreshLegend]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chartLocale = `nivesh-${locale}`;
    registerLocale(chartLocale, {
      time: '',
      open: '',
      high: '',
      low: '',
      close: '',
      volume: '',
      change: '',
      turnover: '',
      second: '',
      minute: '',
      hour: '',
      day: '',
      week: '',
      month: '',
      year: '',
      ...labelsRef.current,
    });
    const instance = init(element, {
      locale: chartLocale,
      timezone: 'Asia/Kolkata',
      layout: { barSpaceLimit: { min: MIN_BAR_SPACE_PX, max: 50 } },
      styles: {
        candle: {
          bar: {
            upColor: UP,
            downColor: DOWN,
            noChangeColor: UP,
            upBorderColor: UP,
            downBorderColor: DOWN,
            noChangeBorderColor: UP,
            upWickColor: UP,
            downWickColor: DOWN,
            noChangeWickColor: UP,
          },
          priceMark: { last: { upColor: UP, downColor: DOWN, noChangeColor: UP } },
          tooltip: { showRule: 'none' },
        },
        indicator: { tooltip: { showRule: 'none' } },
      },
    });
    if (!instance) return;
    chart.current = instance;
    instance.subscribeAction('onCrosshairChange', (data) => {
      const index = (data as { dataIndex?: number } | undefined)?.dataIndex;
      crosshairIndex.current = index;
      refreshLegend();
    });
    // The full-screen view and a rotation change the container's size: draw again at the new size,
    // keeping the bar width that shows the span (or the default number of bars).
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            instance.resize();
            if (barCount.current > 0) fitBars(instance, element, settingsRef.current, barCount.current);
          });
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      pushBar.current = null;
      chart.current = null;
      dispose(element);
    };
  }, [locale, refreshLegend]);

  // Data: a new symbol or new settings (or a new chart) start again from the newest candles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new locale means a new chart instance
  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    settingsRef.current = settings;
    generation.current += 1;
    const current = generation.current;
    instance.setStyles({
      candle: { type: settings.period === 'timeshare' && !settings.range ? 'area' : 'candle_solid' },
    });
    instance.setDataLoader({
      getBars: async ({ type, timestamp, callback }) => {
        if (type === 'backward' || type === 'update') {
          callback([], false);
          return;
        }
        const before = type === 'forward' && timestamp !== null ? timestamp : undefined;
        try {
          const reply = await call('market/candles', candlesRequest(symbol, settingsRef.current, before), {
            silent: true,
          });
          if (current !== generation.current) return;
          const bars = reply.candles.map(toBar);
          callback(bars, { forward: pagesBack(settingsRef.current) && bars.length > 0, backward: false });
          if (type === 'init') {
            barCount.current = bars.length;
            crosshairIndex.current = undefined;
            fitBars(instance, container.current, settingsRef.current, bars.length);
            onLoadedRef.current?.(bars.length);
          }
          refreshLegendSoon();
        } catch {
          if (current === generation.current) callback([], false);
        }
      },
      subscribeBar: ({ callback }) => {
        pushBar.current = callback;
      },
      unsubscribeBar: () => {
        pushBar.current = null;
      },
    });
    instance.setSymbol({ ticker: symbol, pricePrecision: 2, volumePrecision: 0 });
    instance.setPeriod(periodOf(settings));
  }, [symbol, settings, locale]);

  // Indicators: one on the candle pane, one in its own pane below (again when the chart is made anew).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new locale means a new chart instance
  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.removeIndicator({ paneId: 'candle_pane' });
    for (const indicator of instance.getIndicators()) {
      if (indicator.paneId !== 'candle_pane') instance.removeIndicator({ id: indicator.id });
    }
    if (settings.main !== 'none')
      instance.createIndicator({ name: settings.main, paneId: 'candle_pane' }, true);
    if (settings.sub !== 'none') instance.createIndicator(settings.sub);
    refreshLegendSoon();
  }, [settings.main, settings.sub, locale]);

  // A live tick moves the last bar, or opens the next one for minute periods.
  useEffect(() => {
    const instance = chart.current;
    const push = pushBar.current;
    if (!instance || !push || !tick) return;
    const price = Number(tick.price);
    if (!Number.isFinite(price)) return;
    const bars = instance.getDataList();
    const last = bars[bars.length - 1];
    if (!last) return;
    const length = barLengthMs(settingsRef.current);
    if (length !== null && tick.time >= last.timestamp + length) {
      const start = tick.time - (tick.time % length);
      push({ timestamp: start, open: price, high: price, low: price, close: price, volume: 0 });
    } else if (tick.time >= last.timestamp) {
      push({ ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) });
    }
    if (crosshairIndex.current === undefined) refreshLegendSoon();
  }, [tick, refreshLegendSoon]);

  return (
    <div className="kline">
      <ChartLegend lines={legend} />
      <div ref={container} className="kline-chart" role="img" aria-label={label} />
    </div>
  );
}
