import type { Dayjs } from 'dayjs';

/** Drops empty strings and undefined from form values, so a cleared field is no filter at all. */
export function compactFilter<T extends Record<string, unknown>>(values: T): Partial<T> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    result[key] = typeof value === 'string' ? value.trim() : value;
  }
  return result as Partial<T>;
}

/** A date-range picker's value as the API's half-open range [fromMs, toMs): whole days. */
export function rangeToMs(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): {
  fromMs?: number;
  toMs?: number;
} {
  const result: { fromMs?: number; toMs?: number } = {};
  if (range?.[0]) result.fromMs = range[0].startOf('day').valueOf();
  if (range?.[1]) result.toMs = range[1].add(1, 'day').startOf('day').valueOf();
  return result;
}
