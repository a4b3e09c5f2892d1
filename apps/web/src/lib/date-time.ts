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
