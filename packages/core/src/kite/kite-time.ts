import { addIstDays, IST_OFFSET_MS, istDate, istInstantMs } from '../calendar/ist-time.js';

/**
 * An instant as Kite's wire writes it: IST wall clock `YYYY-MM-DD HH:MM:SS`, the 19 characters the
 * official client turns into a Date. Example: 2026-11-23T04:30:00Z → "2026-11-23 10:00:00".
 */
export function kiteTimestamp(atMs: number): string {
  return new Date(atMs + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A candle's time as Kite's historical API writes it, with the IST offset, which `new Date` reads.
 * Example: 2025-06-17T18:30:00Z → "2025-06-18T00:00:00+0530".
 */
export function kiteCandleTimestamp(atMs: number): string {
  return `${new Date(atMs + IST_OFFSET_MS).toISOString().slice(0, 19)}+0530`;
}

/** The minute of the IST day at which Kite's access tokens lapse: 06:00. */
export const KITE_TOKEN_EXPIRY_MINUTE_IST = 6 * 60;

/**
 * When an access token issued at `nowMs` lapses: the next 06:00 IST, as Kite's do, so a strategy
 * signs in once per trading day. Example: issued 2026-11-23 10:00 IST → 2026-11-24 06:00 IST.
 */
export function kiteAccessTokenExpiryMs(nowMs: number): number {
  const today = istDate(nowMs);
  const todayAtSix = istInstantMs(today, KITE_TOKEN_EXPIRY_MINUTE_IST);
  return todayAtSix > nowMs ? todayAtSix : istInstantMs(addIstDays(today, 1), KITE_TOKEN_EXPIRY_MINUTE_IST);
}

const KITE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads Kite's `YYYY-MM-DD HH:MM:SS` (or a bare date, midnight) as IST wall clock, the way Kite
 * reads the `from` and `to` of historical data. Undefined for anything else or an impossible date.
 * Example: "2025-06-18 00:00:00" → 2025-06-17T18:30:00Z.
 */
export function parseKiteTimestamp(text: string): number | undefined {
  const match = KITE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const utcMs = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(utcMs);
  if (
    check.getUTCMonth() !== month! - 1 ||
    check.getUTCDate() !== day! ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  )
    return undefined;
  return utcMs - IST_OFFSET_MS;
}
