import type { Tick } from './tick.js';

export type TickListener = (tick: Tick) => void;

/**
 * A source of ticks: the built-in simulator, or a licensed exchange feed behind the same shape.
 * The server starts one feed and fans its ticks out to the engine and every client.
 */
export interface MarketFeed {
  /** Shown to users and staff, e.g. `simulator` or `nse-snapshot`. */
  readonly name: string;
  /** True when prices are made up; the app labels them as simulated. */
  readonly isSimulated: boolean;
  /** Begins delivering ticks; a real feed may resolve once it is connected. */
  start(onTick: TickListener): void | Promise<void>;
  /** Stops delivering ticks; no tick arrives after it returns. */
  stop(): void | Promise<void>;
}
