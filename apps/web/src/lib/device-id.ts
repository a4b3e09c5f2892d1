const DEVICE_ID_KEY = 'deviceId';

/**
 * A random id this browser keeps, sent with each sign-in so the server can tell the investor about
 * a sign-in from a device they never used (docs/adr/0022-investor-two-factor.md). It identifies
 * nothing but this install; clearing the site's data makes a new one.
 */
export function deviceId(): string | undefined {
  try {
    const store = globalThis.localStorage;
    const known = store?.getItem(DEVICE_ID_KEY);
    if (known && /^[A-Za-z0-9_-]{8,128}$/.test(known)) return known;
    const fresh = globalThis.crypto?.randomUUID?.();
    if (!store || !fresh) return undefined;
    store.setItem(DEVICE_ID_KEY, fresh);
    return fresh;
  } catch {
    return undefined;
  }
}
