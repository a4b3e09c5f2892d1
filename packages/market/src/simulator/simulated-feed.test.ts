import { describe, expect, it } from 'vitest';
import { istTimeMs } from '../candles/ist-time.js';
import type { Tick } from '../feed/tick.js';
import { bankStock, isOpenFixture, itStock } from './instrument-fixtures.js';
import { createSimulator } from './market-simulator.js';
import { type FeedClock, SimulatedFeed } from './simulated-feed.js';

/** A clock the test moves by hand: each `advance` fires the repeating job once per interval. */
function createManualClock(startMs: number): FeedClock & { advance(ms: number): void; jobs: number } {
  let nowMs = startMs;
  let job: { intervalMs: number; run: () => void; nextMs: number } | undefined;
  return {
    now: () => nowMs,
    get jobs() {
      return job ? 1 : 0;
    },
    repeat(intervalMs, run) {
      job = { intervalMs, run, nextMs: nowMs + intervalMs };
      return () => {
        job = undefined;
      };
    },
    advance(ms) {
      const endMs = nowMs + ms;
      while (job && job.nextMs <= endMs) {
        nowMs = job.nextMs;
        job.nextMs += job.intervalMs;
        job.run();
      }
      nowMs = endMs;
    },
  };
}

describe('simulated feed', () => {
  const openMs = istTimeMs('2025-09-10', 10, 0);

  it('delivers one tick per symbol per second, labelled simulated, until stopped', () => {
    const clock = createManualClock(openMs);
    const simulator = createSimulator({
      seed: 'feed',
      instruments: [itStock, bankStock],
      isOpen: isOpenFixture,
    });
    const feed = new SimulatedFeed({ simulator, clock });
    const received: Tick[] = [];
    feed.start((tick) => received.push(tick));
    expect(feed.isSimulated).toBe(true);
    expect(feed.name).toBe('simulator');
    clock.advance(10_000);
    expect(received).toHaveLength(20);
    expect(received.every((tick) => tick.simulated)).toBe(true);
    expect(received.at(-1)!.atMs).toBe(openMs + 10_000);
    feed.stop();
    expect(clock.jobs).toBe(0);
    clock.advance(10_000);
    expect(received).toHaveLength(20);
  });

  it('replays the same ticks as stepping the simulator directly', () => {
    const clock = createManualClock(openMs);
    const options = { seed: 'same', instruments: [itStock], isOpen: isOpenFixture, tickIntervalMs: 500 };
    const feed = new SimulatedFeed({ simulator: createSimulator(options), clock });
    const received: Tick[] = [];
    feed.start((tick) => received.push(tick));
    clock.advance(5_000);
    const direct = createSimulator(options);
    const expected: Tick[] = [];
    for (let step = 1; step <= 10; step++) expected.push(...direct.step(openMs + step * 500));
    expect(received).toEqual(expected);
  });

  it('keeps running when a listener throws and an error handler is given', () => {
    const clock = createManualClock(openMs);
    const errors: unknown[] = [];
    const simulator = createSimulator({ seed: 'errors', instruments: [itStock], isOpen: isOpenFixture });
    const feed = new SimulatedFeed({ simulator, clock, onListenerError: (error) => errors.push(error) });
    feed.start(() => {
      throw new Error('listener failed');
    });
    clock.advance(3_000);
    expect(errors).toHaveLength(3);
  });

  it('refuses to start twice', () => {
    const simulator = createSimulator({ seed: 'twice', instruments: [itStock], isOpen: isOpenFixture });
    const feed = new SimulatedFeed({ simulator, clock: createManualClock(openMs) });
    feed.start(() => {});
    expect(() => feed.start(() => {})).toThrow();
    feed.stop();
    expect(feed.isRunning).toBe(false);
  });
});
