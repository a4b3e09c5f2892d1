import { isClockTime, parseClockMinutes } from '../calendar/ist-time.js';
import { formatPaise } from '../money/format-paise.js';
import { parsePaise } from '../money/parse-paise.js';
import {
  type ClockWindow,
  isParameterName,
  PARAMETER_RANGES,
  PARAMETERS,
  type ParameterDefinition,
  type ParameterName,
  type ParameterValue,
  type ParameterValues,
} from './registry.js';

/**
 * Why a parameter change was refused: a stable code of the error catalogue (packages/contract)
 * and its params, so the server answers it as it is and the console shows the same sentence.
 */
export type ParameterRefusal =
  | { code: 'PARAMETER_UNKNOWN'; params: { name: string } }
  | { code: 'PARAMETER_TYPE_INVALID'; params: { name: string; expected: string } }
  | { code: 'PARAMETER_BELOW_MINIMUM'; params: { name: string; min: string } }
  | { code: 'PARAMETER_ABOVE_MAXIMUM'; params: { name: string; max: string } }
  | { code: 'PARAMETER_WINDOW_ORDER'; params: { name: string; start: string; end: string } }
  | { code: 'PARAMETER_CHOICE_INVALID'; params: { name: string; choices: string } }
  | { code: 'PARAMETER_RANGE_ORDER'; params: { minName: string; maxName: string; min: string; max: string } };

export type ParameterCheck<T> = { ok: true; value: T } | { ok: false; refusal: ParameterRefusal };

/** A parameter value as the API carries it: money as rupees "100.00", a window as {start, end}. */
export type ParameterApiValue = string | number | boolean | ClockWindow;

/** What each kind expects, for PARAMETER_TYPE_INVALID. */
const EXPECTED: Record<ParameterDefinition['kind'], string> = {
  count: 'a whole number',
  bps: 'a whole number of basis points',
  money: 'an amount in rupees with at most 2 decimals',
  clock: 'a time HH:MM between 00:00 and 24:00',
  window: 'a window {start, end} of times HH:MM',
  choice: 'one of the listed choices',
  switch: 'true or false',
};

const refuse = (refusal: ParameterRefusal): { ok: false; refusal: ParameterRefusal } => ({
  ok: false,
  refusal,
});
const typeInvalid = (name: string, definition: ParameterDefinition) =>
  refuse({ code: 'PARAMETER_TYPE_INVALID', params: { name, expected: EXPECTED[definition.kind] } });

/** A rate in basis points as staff read it: 3 → "0.03%". */
export function formatBpsAsPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const fraction = String(Math.abs(bps % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

/**
 * Reads one parameter's new value from its API form and checks it against the parameter's own
 * bounds (not yet against other parameters: see checkParameterRanges).
 *
 * @example parseParameterInput('deposit_amount_min', '250.00') // { ok: true, value: 25000n }
 * @example parseParameterInput('price_band_default_bps', 0)     // refused: PARAMETER_BELOW_MINIMUM
 */
export function parseParameterInput(
  name: string,
  input: unknown,
): ParameterCheck<ParameterValues[ParameterName]> {
  if (!isParameterName(name)) return refuse({ code: 'PARAMETER_UNKNOWN', params: { name } });
  const definition: ParameterDefinition = PARAMETERS[name];
  switch (definition.kind) {
    case 'count':
    case 'bps': {
      if (typeof input !== 'number' || !Number.isSafeInteger(input)) return typeInvalid(name, definition);
      const show = (value: number) =>
        definition.kind === 'bps'
          ? `${value} bps (${formatBpsAsPercent(value)})`
          : `${value} ${definition.unit}`;
      const tooLow =
        definition.kind === 'bps' && definition.minExclusive
          ? input <= definition.min
          : input < definition.min;
      if (tooLow) {
        const min =
          definition.kind === 'bps' && definition.minExclusive
            ? `more than ${show(definition.min)}`
            : show(definition.min);
        return refuse({ code: 'PARAMETER_BELOW_MINIMUM', params: { name, min } });
      }
      if (input > definition.max)
        return refuse({ code: 'PARAMETER_ABOVE_MAXIMUM', params: { name, max: show(definition.max) } });
      return { ok: true, value: input };
    }
    case 'money': {
      if (typeof input !== 'string' && typeof input !== 'number') return typeInvalid(name, definition);
      const parsed = parsePaise(input, { allowZero: true, allowNegative: true });
      if (!parsed.ok) return typeInvalid(name, definition);
      if (parsed.paise < definition.min) {
        return refuse({
          code: 'PARAMETER_BELOW_MINIMUM',
          params: { name, min: `₹${formatPaise(definition.min)}` },
        });
      }
      if (parsed.paise > definition.max) {
        return refuse({
          code: 'PARAMETER_ABOVE_MAXIMUM',
          params: { name, max: `₹${formatPaise(definition.max)}` },
        });
      }
      return { ok: true, value: parsed.paise };
    }
    case 'clock':
      if (typeof input !== 'string' || !isClockTime(input)) return typeInvalid(name, definition);
      return { ok: true, value: input };
    case 'window': {
      if (typeof input !== 'object' || input === null || Array.isArray(input))
        return typeInvalid(name, definition);
      const { start, end, ...rest } = input as Record<string, unknown>;
      if (Object.keys(rest).length > 0 || typeof start !== 'string' || typeof end !== 'string')
        return typeInvalid(name, definition);
      if (!isClockTime(start) || !isClockTime(end)) return typeInvalid(name, definition);
      if (parseClockMinutes(start) >= parseClockMinutes(end)) {
        return refuse({ code: 'PARAMETER_WINDOW_ORDER', params: { name, start, end } });
      }
      return { ok: true, value: { start, end } };
    }
    case 'choice':
      if (typeof input !== 'string' || !definition.choices.includes(input)) {
        return refuse({
          code: 'PARAMETER_CHOICE_INVALID',
          params: { name, choices: definition.choices.join(', ') },
        });
      }
      return { ok: true, value: input };
    case 'switch':
      if (typeof input !== 'boolean') return typeInvalid(name, definition);
      return { ok: true, value: input };
  }
}

/** Checks the pairs that must stay ordered (minimum ≤ maximum) over a full set of values. */
export function checkParameterRanges(values: ParameterValues): ParameterRefusal | null {
  for (const [minName, maxName] of PARAMETER_RANGES) {
    const min = values[minName] as bigint;
    const max = values[maxName] as bigint;
    if (min > max) {
      return {
        code: 'PARAMETER_RANGE_ORDER',
        params: { minName, maxName, min: `₹${formatPaise(min)}`, max: `₹${formatPaise(max)}` },
      };
    }
  }
  return null;
}

/**
 * A staff change, checked in full: the value's form and bounds, then the ordered pairs with the
 * other parameters as they are now. Answers every value after the change.
 *
 * @example validateParameterChange('deposit_amount_min', '20000000.00', current)
 *   // refused: PARAMETER_RANGE_ORDER while the maximum is ₹10,00,000.00
 */
export function validateParameterChange(
  name: string,
  input: unknown,
  current: ParameterValues,
): ParameterCheck<ParameterValues> {
  const parsed = parseParameterInput(name, input);
  if (!parsed.ok) return parsed;
  const next = { ...current, [name]: parsed.value } as ParameterValues;
  const rangeRefusal = checkParameterRanges(next);
  return rangeRefusal ? refuse(rangeRefusal) : { ok: true, value: next };
}

/** A value as stored in the `parameters` table's jsonb: money as a string of paise, the rest as is. */
export function encodeParameterValue<N extends ParameterName>(name: N, value: ParameterValue<N>): unknown {
  return PARAMETERS[name].kind === 'money' ? (value as bigint).toString() : value;
}

/**
 * A stored value read back, or undefined when it does not fit the parameter any more (a stored
 * value is checked as strictly as an input, so a bad row never reaches a rule).
 */
export function decodeParameterValue<N extends ParameterName>(
  name: N,
  stored: unknown,
): ParameterValue<N> | undefined {
  const definition: ParameterDefinition = PARAMETERS[name];
  const input =
    definition.kind === 'money' && typeof stored === 'string' && /^-?[0-9]{1,19}$/.test(stored)
      ? formatPaise(BigInt(stored))
      : stored;
  const parsed = parseParameterInput(name, input);
  return parsed.ok ? (parsed.value as ParameterValue<N>) : undefined;
}

/** A value in its API form: money as rupees with 2 decimals, the rest as is. */
export function parameterValueToApi<N extends ParameterName>(
  name: N,
  value: ParameterValue<N>,
): ParameterApiValue {
  return PARAMETERS[name].kind === 'money' ? formatPaise(value as bigint) : (value as ParameterApiValue);
}
