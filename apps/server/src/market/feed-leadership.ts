import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * The advisory lock key of the market feed: one process of those sharing a PostgreSQL database
 * feeds the market (runs the simulator and stores its ticks); the others hear its ticks through
 * Redis. 0x4e49564d4b54 is "NIVMKT" in ASCII. The engine (trading) will take a lock of its own.
 */
export const FEED_LOCK_KEY = 0x4e49564d4b54n;
export const FEED_LOCK_RETRY_MS = 5_000;

export interface FeedLeadershipOptions {
  databaseUrl: string;
  log: FastifyBaseLogger;
  /** Starts feeding; called when this process takes the lock. */
  lead: () => Promise<void>;
  /** Stops feeding; called when the lock's connection is lost (another process may take over). */
  yieldLead: () => Promise<void>;
  retryMs?: number;
}

export interface FeedLeadership {
  readonly isLeader: boolean;
  stop(): Promise<void>;
}

/**
 * Competes for the feed with `pg_try_advisory_lock` on a connection of its own: a session-level
 * lock is held exactly as long as that connection lives, so when the leading process dies, its
 * lock goes with it and another process takes over at its next try (within `retryMs`). A process
 * that loses its connection stops feeding before it tries again.
 */
export function competeForFeed(options: FeedLeadershipOptions): FeedLeadership {
  const retryMs = options.retryMs ?? FEED_LOCK_RETRY_MS;
  let client: pg.Client | undefined;
  let isLeader = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs);
  };

  const lose = async (lost: pg.Client | undefined, error: unknown) => {
    // The error event and the failed query can both report one lost connection: act once.
    if (lost !== client) return;
    options.log.error({ err: error }, 'the market feed lock connection failed');
    client = undefined;
    await lost?.end().catch(() => {});
    if (isLeader) {
      isLeader = false;
      await options.yieldLead();
    }
    schedule();
  };

  async function attempt(): Promise<void> {
    let current = client;
    try {
      if (!current) {
        const fresh = new pg.Client({ connectionString: options.databaseUrl });
        fresh.on('error', (error) => void lose(fresh, error));
        client = fresh;
        current = fresh;
        await fresh.connect();
      }
      const result = await current.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        String(FEED_LOCK_KEY),
      ]);
      if (stopped) return;
      if (result.rows[0]?.locked) {
        isLeader = true;
        options.log.info('this process feeds the market (advisory lock taken)');
        await options.lead();
        return;
      }
      schedule();
    } catch (error) {
      await lose(current, error);
    }
  }

  void attempt();
  return {
    get isLeader() {
      return isLeader;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (isLeader) {
        isLeader = false;
        await options.yieldLead();
      }
      await client?.end().catch(() => {});
    },
  };
}
