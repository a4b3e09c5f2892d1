import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database.js';
import {
  pingConnection,
  releaseAdvisoryLock,
  tryAdvisoryLock,
} from '../repositories/advisory-lock.repository.js';

/**
 * Advisory lock keys, in one place so that every "only one process does this" job is named here.
 * PostgreSQL advisory locks are per database; pick keys no other application in it uses.
 */
export const ADVISORY_LOCK_KEYS = {
  /** The process that runs the trading engine and its scheduled jobs (stop-outs, square-off, expiry). */
  tradingEngine: 7_110_001n,
} as const;

/** Who runs the engine: exactly one process holds leadership at a time. */
export interface Leadership {
  readonly isLeader: boolean;
  /** Starts competing; `onChange(true)` when this process becomes leader, `(false)` when it stops. */
  start(onChange: (leader: boolean) => void): void;
  /** Gives leadership up (unlocking) and stops competing. */
  stop(): Promise<void>;
}

/** One process over an embedded database (PGlite): it is always the leader. */
export class AlwaysLeader implements Leadership {
  isLeader = false;
  private onChange: ((leader: boolean) => void) | undefined;

  start(onChange: (leader: boolean) => void): void {
    this.onChange = onChange;
    this.isLeader = true;
    onChange(true);
  }

  async stop(): Promise<void> {
    if (this.isLeader) {
      this.isLeader = false;
      this.onChange?.(false);
    }
  }
}

export interface AdvisoryLockLeaderOptions {
  key: bigint;
  /** How often a follower tries to take the lock: a dead leader is replaced within about this. */
  retryMs?: number;
  /** How often the leader checks its dedicated connection is alive. */
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Leadership by a PostgreSQL session advisory lock (ADR 0007). The leader holds one pool connection
 * for as long as it leads, with `pg_try_advisory_lock` taken on it; followers try every `retryMs`.
 * When the leader process dies its connection closes and PostgreSQL releases the lock at once, so a
 * follower takes over within `retryMs`. When the leader's connection fails, it stops leading. Two
 * leaders at once for a moment (a leader that has not yet noticed its connection died) cannot
 * execute anything twice: every engine action is idempotent by entry key and row state.
 */
export class AdvisoryLockLeader implements Leadership {
  isLeader = false;
  private stopped = false;
  private loop: Promise<void> | undefined;
  private wake: AbortController = new AbortController();
  private onChange: (leader: boolean) => void = () => {};
  private readonly retryMs: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly db: Db,
    private readonly options: AdvisoryLockLeaderOptions,
  ) {
    this.retryMs = options.retryMs ?? 1_000;
    this.heartbeatMs = options.heartbeatMs ?? 1_000;
  }

  start(onChange: (leader: boolean) => void): void {
    this.onChange = onChange;
    this.loop ??= this.compete();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake.abort();
    await this.loop;
  }

  private async compete(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.db.connection().execute(async (connection) => {
          if (!(await tryAdvisoryLock(connection, this.options.key))) return;
          this.setLeader(true);
          try {
            while (!this.stopped) {
              await this.pause(this.heartbeatMs);
              if (this.stopped) break;
              await pingConnection(connection);
            }
          } finally {
            this.setLeader(false);
            // The connection goes back to the pool: it must not keep the session lock.
            await releaseAdvisoryLock(connection, this.options.key).catch(() => {});
          }
        });
      } catch (error) {
        this.setLeader(false);
        this.options.onError?.(error);
      }
      if (!this.stopped) await this.pause(this.retryMs);
    }
  }

  private setLeader(leader: boolean): void {
    if (this.isLeader === leader) return;
    this.isLeader = leader;
    this.onChange(leader);
  }

  private async pause(ms: number): Promise<void> {
    try {
      await sleep(ms, undefined, { signal: this.wake.signal });
    } catch {
      // Woken by stop().
    }
  }
}
