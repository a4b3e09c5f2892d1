import type { DatabaseListen } from '../db/database.js';
import { onSessionChange } from '../repositories/session-changes.js';

/** The NOTIFY channel of migration 0046: the payload is the investor's id. */
export const SESSION_CHANGE_CHANNEL = 'nivesh_session_change';

export interface SessionCacheOptions {
  /** How long a session read stays usable without a change notice (a safety net; notices come first). */
  maxAgeMs: number;
  /** Beyond this many sessions the cache is emptied whole (bounded memory). */
  maxEntries: number;
}

interface Entry<Value> {
  value: Value;
  userId: bigint;
  cachedAtMs: number;
}

/**
 * Investors' sessions as an authenticated call reads them, kept in this process so an order does not
 * pay a session query (docs/adr/0030-admission-control-and-session-cache.md). Correct only while
 * change notices arrive: it serves entries only while `listening` (the database's notices of
 * migration 0046 reach this process) and forgets an investor on each notice and on each change this
 * process writes. A read in flight when any change arrives answers its caller but is not kept, since
 * it may predate the change.
 */
export class SessionCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();
  private readonly keysByUser = new Map<bigint, Set<string>>();
  private changes = 0;
  private listening = false;
  private readonly stopLocal: () => void;

  constructor(private readonly options: SessionCacheOptions) {
    this.stopLocal = onSessionChange((userId) => this.forgetUser(userId));
  }

  /** The cached value for a key (a token's digest), or the loader's, kept when nothing changed meanwhile. */
  async read(
    key: string,
    nowMs: number,
    load: () => Promise<{ value: Value; userId: bigint } | undefined>,
  ): Promise<Value | undefined> {
    const entry = this.listening ? this.entries.get(key) : undefined;
    if (entry && nowMs - entry.cachedAtMs < this.options.maxAgeMs && nowMs >= entry.cachedAtMs)
      return entry.value;
    const changesBefore = this.changes;
    const loaded = await load();
    if (!loaded) return undefined;
    if (this.listening && this.changes === changesBefore) this.keep(key, loaded, nowMs);
    return loaded.value;
  }

  /** Drops one entry (a session past its idle time, which the loader touches). */
  forgetKey(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.keysByUser.get(entry.userId)?.delete(key);
  }

  forgetUser(userId: bigint): void {
    this.changes += 1;
    const keys = this.keysByUser.get(userId);
    if (!keys) return;
    for (const key of keys) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  clear(): void {
    this.changes += 1;
    this.entries.clear();
    this.keysByUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Serve entries from now on (notices are arriving) or not (the listening connection is lost). */
  setListening(listening: boolean): void {
    if (!listening) this.clear();
    this.listening = listening;
  }

  close(): void {
    this.setListening(false);
    this.stopLocal();
  }

  private keep(key: string, loaded: { value: Value; userId: bigint }, nowMs: number) {
    if (this.entries.size >= this.options.maxEntries) this.clear();
    this.entries.set(key, { value: loaded.value, userId: loaded.userId, cachedAtMs: nowMs });
    let keys = this.keysByUser.get(loaded.userId);
    if (!keys) {
      keys = new Set();
      this.keysByUser.set(loaded.userId, keys);
    }
    keys.add(key);
  }
}

/**
 * Feeds a cache the database's change notices, listening again after a lost connection (every
 * `retryMs`); the cache serves nothing while not listening. Answers a function that stops.
 */
export function listenForSessionChanges(
  listen: DatabaseListen,
  cache: SessionCache<unknown>,
  onError: (error: Error) => void,
  retryMs = 1_000,
): () => Promise<void> {
  let stopped = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const start = async () => {
    try {
      unlisten = await listen(
        SESSION_CHANGE_CHANNEL,
        (payload) => {
          if (/^\d+$/.test(payload)) cache.forgetUser(BigInt(payload));
          else cache.clear();
        },
        (error) => {
          cache.setListening(false);
          onError(error);
          unlisten = undefined;
          if (!stopped) retry = setTimeout(() => void start(), retryMs);
        },
      );
      if (stopped) await unlisten();
      // Whatever changed while nobody listened is unknown: start empty.
      else {
        cache.clear();
        cache.setListening(true);
      }
    } catch (error) {
      onError(error as Error);
      if (!stopped) retry = setTimeout(() => void start(), retryMs);
    }
  };
  const started = start();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await started;
    cache.close();
    await unlisten?.();
  };
}
