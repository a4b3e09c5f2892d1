import { parsePaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { KiteFields } from './kite-route.js';

/** A text field of a Kite request; the first of a repeated key. Undefined when absent or empty. */
export function optionalText(fields: KiteFields, name: string): string | undefined {
  const raw = fields[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number')
    refuse('KITE_INPUT_INVALID', { field: name, reason: 'not text' });
  const text = String(value);
  if (text.length > 256) refuse('KITE_INPUT_INVALID', { field: name, reason: 'too long' });
  return text;
}

export function requiredText(fields: KiteFields, name: string): string {
  return optionalText(fields, name) ?? refuse('KITE_INPUT_INVALID', { field: name, reason: 'required' });
}

/** One of the allowed words (Kite's enumerations are upper case, sent as is). */
export function oneOf<T extends string>(fields: KiteFields, name: string, allowed: readonly T[]): T {
  const value = requiredText(fields, name);
  if (!(allowed as readonly string[]).includes(value))
    refuse('KITE_INPUT_INVALID', { field: name, reason: `one of ${allowed.join(', ')}` });
  return value as T;
}

/** A whole, positive quantity sent as text (`quantity=10`); 2.5 or 1e3 are refused, never rounded. */
export function wholeQuantity(text: string, name = 'quantity'): number {
  if (!/^[0-9]{1,10}$/.test(text))
    refuse('KITE_INPUT_INVALID', { field: name, reason: 'a whole number of shares' });
  const quantity = Number(text);
  if (quantity <= 0) refuse('KITE_INPUT_INVALID', { field: name, reason: 'at least 1' });
  return quantity;
}

/** A price as sent; Kite clients send 0 for "no price", which means absent here. */
export function optionalPrice(fields: KiteFields, name: string): string | undefined {
  const text = optionalText(fields, name);
  return text === undefined || /^0+(\.0+)?$/.test(text) ? undefined : text;
}

/** Every value of a repeated query key (`i=NSE:INFY&i=NSE:TCS`), at most `max`. */
export function repeatedText(fields: KiteFields, name: string, max: number): string[] {
  const raw = fields[name];
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .map(String)
    .filter((v) => v !== '');
  if (values.length === 0) refuse('KITE_INPUT_INVALID', { field: name, reason: 'required' });
  if (values.length > max) refuse('KITE_INPUT_INVALID', { field: name, reason: `at most ${max}` });
  return values;
}

/**
 * The paise of an amount the use cases answer as a decimal string (`"1234.50"`). Sums and
 * differences are taken in paise; Kite's rupee numbers are made only at the wire edge
 * (`paiseToKiteRupees`), so no float arithmetic ever touches money (DESIGN §3).
 */
export function paiseOfText(text: string): bigint {
  const parsed = parsePaise(text, { allowNegative: true, allowZero: true });
  return parsed.ok ? parsed.paise : 0n;
}
