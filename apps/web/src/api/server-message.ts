import { formatMoney } from '../lib/money';

export type MessageParams = Record<string, unknown>;

/** Param names whose values are money and display as money (Indian grouping, 2 decimals). */
const MONEY_PARAM_NAMES = new Set([
  'amount',
  'min',
  'max',
  'minAmount',
  'maxAmount',
  'balance',
  'available',
  'withdrawable',
  'required',
  'quota',
  'fee',
]);

const HAN_CHARACTERS = /[\u3400-\u9fff]/;
// The original server's Chinese refusals for "please act within deposit / withdrawal hours".
const LEGACY_WINDOW_MESSAGES = ['请在充值时间内', '请在提现时间内'];

/** "9:30" → "09:30:00", "24:00" → "24:00:00"; anything else is shown as it came. */
export function formatClockTime(value: unknown): string {
  const text = String(value ?? '').trim();
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return text;
  const [, hours = '0', minutes = '00', seconds = '00'] = match;
  return `${hours.padStart(2, '0')}:${minutes}:${seconds}`;
}

function formatParam(name: string, value: unknown): string {
  if (MONEY_PARAM_NAMES.has(name)) return formatMoney(value as string);
  if (name === 'from' || name === 'to') return formatClockTime(value);
  return String(value ?? '');
}

export interface FormatMessageOptions {
  /** The interface language; Chinese text is acceptable only when it is zh. */
  language: string;
  /** The generic "Error" in the interface language, shown when a message cannot be read. */
  genericError: string;
  /** Builds the window message ("Please act within hh:mm:ss-hh:mm:ss") for legacy Chinese replies. */
  windowMessage?: (range: string) => string;
}

/**
 * Prepares a server refusal for a toast, following the spec's error handling (section 8):
 * placeholders take their params, money params and rupee amounts show as money, a deposit or
 * withdrawal window shows as hh:mm:ss-hh:mm:ss, and a message still in Chinese while the user reads
 * another language becomes the generic "Error".
 *
 * Example: formatServerMessage("Minimum is {min}", { min: "100000" }, …) === "Minimum is 1,00,000.00".
 */
export function formatServerMessage(
  message: string,
  params: MessageParams | undefined,
  options: FormatMessageOptions,
): string {
  const values = params ?? {};
  const range =
    values.from !== undefined && values.to !== undefined
      ? `${formatClockTime(values.from)}-${formatClockTime(values.to)}`
      : '';

  let text = message.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (placeholder, name: string) =>
    name in values ? formatParam(name, values[name]) : placeholder,
  );

  if (range && options.windowMessage && LEGACY_WINDOW_MESSAGES.some((legacy) => text.includes(legacy))) {
    text = options.windowMessage(range);
  } else if (range && !text.includes(range)) {
    text = `${text} (${range})`;
  }

  // Amounts written with a rupee sign, or with exactly two decimals, are money.
  text = text.replace(/₹\s?(\d[\d,]*(?:\.\d+)?)/g, (_match, amount: string) => {
    return `₹${formatMoney(amount.replaceAll(',', ''))}`;
  });
  text = text.replace(/(?<![\d.,:])(\d+\.\d{2})(?![\d.:])/g, (amount) => formatMoney(amount));

  if (options.language !== 'zh' && HAN_CHARACTERS.test(text)) return options.genericError;
  return text.trim() || options.genericError;
}
