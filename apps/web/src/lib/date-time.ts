/** The Intl locale of an app language (the spec's `yd` is already normalised to `hi`). */
export function localeOf(language: string): string {
  return language === 'hi' ? 'hi-IN' : language === 'zh' ? 'zh-CN' : 'en-IN';
}

/** Date and time in the investor's language, always in IST (the market's time, not the phone's). */
export function formatIstDateTime(epochMs: number | null | undefined, language: string): string {
  if (!epochMs) return '';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(epochMs));
}

/** A trading date in the investor's language, in IST: "20 Jun 2025" in English. */
export function formatIstDate(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : localeOf(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(epochMs));
}

/**
 * A calendar date the server sends as "YYYY-MM-DD" (a trading date, the day a rate took effect), in
 * the investor's language like every other date: "1 Oct 2024" in English, "1 अक्टू॰ 2024" in Hindi.
 * Anything else is shown as it came.
 */
export function formatCalendarDate(isoDate: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return isoDate;
  // Midnight UTC is 05:30 the same day in IST.
  return formatIstDate(Date.parse(`${isoDate}T00:00:00Z`), language);
}

/** "1d 02:03:04" or "02:03:04" for the time left (a lock, a block trade's window). */
export function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(totalSeconds / 86_400);
  const pad = (value: number) => String(value).padStart(2, '0');
  const clock = `${pad(Math.floor((totalSeconds % 86_400) / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
