import { readStoredLanguage } from '../lib/session';

export const LANGUAGES = ['en', 'hi', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language picker shows it. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  zh: '中文',
};

/**
 * Maps a stored or browser language tag to one the app speaks, or null.
 * The original app stored Hindi as "yd", so "yd" still means Hindi.
 *
 * Example: normalizeLanguage("yd") === "hi"; normalizeLanguage("zh-CN") === "zh".
 */
export function normalizeLanguage(value: string | null | undefined): Language | null {
  const tag = (value ?? '').trim().toLowerCase().replace('_', '-');
  if (!tag) return null;
  const primary = tag.split('-')[0];
  if (primary === 'yd' || primary === 'hi') return 'hi';
  if (primary === 'zh') return 'zh';
  if (primary === 'en') return 'en';
  return null;
}

/** The stored preference first, then the browser's languages, then English. */
export function detectLanguage(): Language {
  const stored = normalizeLanguage(readStoredLanguage());
  if (stored) return stored;
  const browserLanguages = globalThis.navigator?.languages ?? [globalThis.navigator?.language];
  for (const candidate of browserLanguages) {
    const language = normalizeLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
