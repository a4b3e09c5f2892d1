/**
 * The session lives in local storage under these keys, as the spec's session entity describes
 * (the original app named the token key "tokend"; an old value there is read once and moved).
 */
export const STORAGE_KEYS = {
  token: 'token',
  legacyToken: 'tokend',
  account: 'account',
  lang: 'lang',
} as const;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readToken(): string {
  const store = storage();
  if (!store) return '';
  const token = store.getItem(STORAGE_KEYS.token);
  if (token) return token;
  const legacy = store.getItem(STORAGE_KEYS.legacyToken);
  if (legacy) {
    store.setItem(STORAGE_KEYS.token, legacy);
    store.removeItem(STORAGE_KEYS.legacyToken);
    return legacy;
  }
  return '';
}

export function readAccount(): string {
  return storage()?.getItem(STORAGE_KEYS.account) ?? '';
}

export function hasSession(): boolean {
  return readToken() !== '';
}

export function saveSession(token: string, account: string): void {
  const store = storage();
  store?.setItem(STORAGE_KEYS.token, token);
  store?.setItem(STORAGE_KEYS.account, account);
}

/** Forgets the session but keeps preferences such as the language. */
export function clearSession(): void {
  const store = storage();
  store?.removeItem(STORAGE_KEYS.token);
  store?.removeItem(STORAGE_KEYS.legacyToken);
  store?.removeItem(STORAGE_KEYS.account);
}

export function readStoredLanguage(): string {
  return storage()?.getItem(STORAGE_KEYS.lang) ?? '';
}

export function storeLanguage(language: string): void {
  storage()?.setItem(STORAGE_KEYS.lang, language);
}
