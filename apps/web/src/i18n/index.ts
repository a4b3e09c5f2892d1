import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLanguage } from '../lib/session';
import { DEFAULT_LANGUAGE, detectLanguage, type Language, normalizeLanguage } from './language';

type Catalog = Record<string, unknown>;

// Each catalogue is its own chunk, so a user downloads only the language they read.
const catalogLoaders: Record<Language, () => Promise<{ default: Catalog }>> = {
  en: () => import('./en.json'),
  hi: () => import('./hi.json'),
  zh: () => import('./zh.json'),
};

async function ensureCatalog(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const catalog = (await catalogLoaders[language]()).default;
  i18n.addResourceBundle(language, 'translation', catalog, true, true);
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(language: Language = detectLanguage()): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: language,
      resources: {},
      // The check script guarantees every key exists in every language, so no fallback is needed.
      fallbackLng: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await ensureCatalog(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  return i18n;
}

/** Switches the interface language and remembers it; the API client reads it for the lang header. */
export async function changeLanguage(value: string): Promise<Language> {
  const language = normalizeLanguage(value) ?? DEFAULT_LANGUAGE;
  await ensureCatalog(language);
  storeLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  return language;
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.language) ?? detectLanguage();
}

export { i18n };
