import type { MarketFeed, TickListener } from '../feed/market-feed.js';
import type { MarketSimulator } from './market-simulator.js';

/** Time as the feed sees it, injected so that tests (and replays) control it. */
export interface FeedClock {
  now(): number;
  /** Runs `run` every `intervalMs` until the returned function is called. */
  repeat(intervalMs: number, run: () => void): () => void;
}

/** The wall clock and `setInterval`. */
export const systemFeedClock: FeedClock = {
  now: () => Date.now(),
  repeat(intervalMs, run) {
    const handle = setInterval(run, intervalMs);
    return () => clearInterval(handle);
  },
};

export interface SimulatedFeedOptions {
  simulator: MarketSimulator;
  clock?: FeedClock;
  /** The simulator's tick interval by default (1 tick per second per symbol). */
  intervalMs?: number;
  name?: string;
  /** Receives an error thrown by the tick listener; the feed keeps running. Rethrows by default. */
  onListenerError?: (error: unknown) => void;
}

/**
 * The simulator behind the MarketFeed interface: on every beat of the clock it steps the simulator
 * to `clock.now()` and hands each tick to the listener.
 */
export class SimulatedFeed implements MarketFeed {
  readonly name: string;
  readonly isSimulated = true;
  private readonly simulator: MarketSimulator;
  private readonly clock: FeedClock;
  private readonly intervalMs: number;
  private readonly onListenerError: ((error: unknown) => void) | undefined;
  private cancel: (() => void) | undefined;

  constructor(options: SimulatedFeedOptions) {
    this.simulator = options.simulator;
    this.clock = options.clock ?? systemFeedClock;
    this.intervalMs = options.intervalMs ?? options.simulator.tickIntervalMs;
    this.name = options.name ?? 'simulator';
    this.onListenerError = options.onListenerError;
  }

  get isRunning(): boolean {
    return this.cancel !== undefined;
  }

  start(onTick: TickListener): void {
    if (this.cancel) throw new Error('the simulated feed is already running');
    this.cancel = this.clock.repeat(this.intervalMs, () => {
      for (const tick of this.simulator.step(this.clock.now())) {
        if (!this.cancel) return;
        try {
          onTick(tick);
        } catch (error) {
          if (!this.onListenerError) throw error;
          this.onListenerError(error);
        }
      }
    });
  }

  stop(): void {
    const cancel = this.cancel;
    this.cancel = undefined;
    cancel?.();
  }
}
