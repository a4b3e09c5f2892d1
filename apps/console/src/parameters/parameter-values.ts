import type { ParameterItem, ParameterValue } from '../api/console-calls';
import { formatRupees } from '../shared/format';

/** The form's fields for one parameter, whatever its kind. */
export interface ParameterFormValues {
  number?: number | null;
  text?: string;
  start?: string;
  end?: string;
  choice?: string;
  enabled?: boolean;
  reason: string;
}

/** A rate in basis points as a percentage: 3 → "0.03%". */
export function bpsAsPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(Math.abs(bps % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/** A parameter value as staff read it: "₹5,00,000.00", "3 bps (0.03%)", "09:30–24:00 IST", "On". */
export function describeParameterValue(
  item: Pick<ParameterItem, 'kind' | 'unit'>,
  value: ParameterValue,
): string {
  if (typeof value === 'object') return `${value.start}–${value.end} IST`;
  switch (item.kind) {
    case 'money':
      return formatRupees(String(value));
    case 'bps':
      return `${value} bps (${bpsAsPercent(Number(value))})`;
    case 'count':
      // "1 share", "24 hours", "1 per user".
      return `${value} ${value === 1 && item.unit.endsWith('s') ? item.unit.slice(0, -1) : item.unit}`;
    case 'clock':
      return `${value} IST`;
    case 'switch':
      return value ? 'On' : 'Off';
    default:
      return String(value);
  }
}

/** The form filled with a parameter's current value. */
export function formValuesOf(item: ParameterItem): Omit<ParameterFormValues, 'reason'> {
  const value = item.value;
  if (typeof value === 'object') return { start: value.start, end: value.end };
  switch (item.kind) {
    case 'count':
    case 'bps':
      return { number: Number(value) };
    case 'switch':
      return { enabled: Boolean(value) };
    case 'choice':
      return { choice: String(value) };
    default:
      return { text: String(value) };
  }
}

/** The value to send for a kind, from the form (the server checks bounds and answers a clear refusal). */
export function apiValueOf(kind: string, values: ParameterFormValues): ParameterValue {
  switch (kind) {
    case 'count':
    case 'bps':
      return values.number ?? Number.NaN;
    case 'window':
      return { start: (values.start ?? '').trim(), end: (values.end ?? '').trim() };
    case 'switch':
      return values.enabled ?? false;
    case 'choice':
      return values.choice ?? '';
    default:
      return (values.text ?? '').trim();
  }
}
