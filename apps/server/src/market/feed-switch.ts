/**
 * Lets the console start and stop the built-in simulated feed while the server runs. main.ts
 * attaches the running simulator after the market starts; with NIVESH_FEED=none nothing is
 * attached and the switch says it cannot control anything. The choice lasts until the server
 * restarts: NIVESH_FEED decides at start.
 */
export interface ControllableFeed {
  readonly isRunning: boolean;
  start(): void;
  stop(): void;
}

export class FeedSwitch {
  private feed: ControllableFeed | undefined;

  attach(feed: ControllableFeed): void {
    this.feed = feed;
  }

  get isControllable(): boolean {
    return this.feed !== undefined;
  }

  get isRunning(): boolean {
    return this.feed?.isRunning ?? false;
  }

  /** Starts or stops the feed; false when no feed is attached. */
  set(running: boolean): boolean {
    if (!this.feed) return false;
    if (running && !this.feed.isRunning) this.feed.start();
    if (!running && this.feed.isRunning) this.feed.stop();
    return true;
  }
}
