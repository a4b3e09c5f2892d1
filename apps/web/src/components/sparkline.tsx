interface SparklineProps {
  points: readonly number[];
  direction: 'up' | 'down';
  label: string;
  width?: number;
  height?: number;
}

/** A small line of closing prices; the colour follows the day's direction. */
export function Sparkline({ points, direction, label, width = 100, height = 28 }: SparklineProps) {
  const values = points.filter((value) => Number.isFinite(value));
  if (values.length < 2) {
    return <div className="sparkline sparkline--empty" style={{ height }} role="img" aria-label={label} />;
  }
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = width / (values.length - 1);
  const path = values
    .map(
      (value, index) =>
        `${(index * step).toFixed(2)},${(height - 2 - ((value - low) / span) * (height - 4)).toFixed(2)}`,
    )
    .join(' ');
  return (
    <svg
      className={`sparkline sparkline--${direction}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
    >
      <polyline
        points={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
