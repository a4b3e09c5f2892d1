import type { Chart } from 'klinecharts';
import { useTranslation } from 'react-i18next';

export interface LegendItem {
  title: string;
  value: string;
  color?: string | undefined;
}

/** One line of the legend: the candle's prices, or one indicator's values. */
export interface LegendLine {
  id: string;
  name?: string | undefined;
  items: LegendItem[];
}

const FALLBACK_COLORS = ['#FF9600', '#935EBD', '#2196F3', '#E11D74', '#01C5C4'];

function formatNumber(value: unknown, precision: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-IN', {
    minimumFractionDigits: precision,
    maximumFractionDigits: precision,
  });
}

/**
 * The legend's lines for the candle at `dataIndex` (the newest when none is chosen): open, high,
 * low and close, then each indicator's named values in the colours its lines are drawn in.
 */
export function readLegend(
  instance: Chart,
  dataIndex: number | undefined,
  labels: Record<string, string>,
): LegendLine[] {
  const bars = instance.getDataList();
  const index =
    dataIndex !== undefined && dataIndex >= 0 && dataIndex < bars.length ? dataIndex : bars.length - 1;
  const bar = bars[index];
  if (!bar) return [];
  const lines: LegendLine[] = [
    {
      id: 'candle',
      items: (['open', 'high', 'low', 'close'] as const).map((key) => ({
        title: labels[key] ?? '',
        value: formatNumber(bar[key], 2),
      })),
    },
  ];
  const lineColors = instance.getStyles().indicator.lines.map((line) => line.color);
  const colors = lineColors.length > 0 ? lineColors : FALLBACK_COLORS;
  for (const indicator of instance.getIndicators()) {
    const values = (indicator.result[index] ?? {}) as Record<string, unknown>;
    const items = indicator.figures
      .filter((figure) => figure.title)
      .map((figure, position) => ({
        // The library names the volume figure in English ("VOLUME: "); the app's word for it is used.
        title: (figure.key === 'volume' ? labels.volume : undefined) ?? figure.title ?? '',
        value: formatNumber(values[figure.key], indicator.precision),
        color: colors[position % colors.length],
      }));
    lines.push({ id: indicator.id, name: indicator.shortName, items });
  }
  return lines;
}

/** The legend above the chart (never over it): one line per series, wrapping on a narrow screen. */
export function ChartLegend({ lines }: { lines: readonly LegendLine[] }) {
  const { t } = useTranslation();
  return (
    <section className="chart-legend" aria-label={t('market.chart.values')}>
      {lines.map((line) => (
        <p key={line.id} className="chart-legend__line" data-legend={line.id}>
          {line.name ? <span className="chart-legend__name">{line.name}</span> : null}
          {line.items.map((item) => (
            <span
              key={item.title}
              className="chart-legend__item"
              style={item.color ? { color: item.color } : undefined}
            >
              {item.title}
              {item.value}
            </span>
          ))}
        </p>
      ))}
    </section>
  );
}
