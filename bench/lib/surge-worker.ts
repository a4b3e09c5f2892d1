import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  cohortMember,
  openLoop,
  roundTrip,
  type Session,
  startAddressesAt,
  Tally,
  type TallyFigures,
} from './surge-client.js';

/*
 * One client worker of the surge benchmark (bench/surge.ts forks several): a child process of its
 * own, so that the surge's client work is spread over the cores and one client's event loop is not
 * so late that its lateness reads as the server's latency (docs/adr/0030, "Figures"). It runs its
 * share of both open loops and sends back its tally and its own event-loop delay.
 */

export interface SurgeShare {
  base: string;
  /** The cohort investors this worker signs in (each once). */
  cohort: string[];
  /** Investors already signed in, whose orders this worker places. */
  traderSessions: Session[];
  arrivalsPerSecond: number;
  roundTripsPerSecond: number;
  durationMs: number;
  /** The first of this worker's X-Forwarded-For addresses (a range no other worker uses). */
  addressesFrom: number;
}

export interface ShareResult {
  tally: TallyFigures;
  cohortStarted: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

const send = (message: unknown) =>
  new Promise<void>((resolve, reject) =>
    process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())),
  );

process.once('message', async (share: SurgeShare) => {
  startAddressesAt(share.addressesFrom);
  const tally = new Tally();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const [cohortStarted] = await Promise.all([
    openLoop(share.arrivalsPerSecond, share.durationMs, (index) =>
      cohortMember(tally, share.base, share.cohort[index % share.cohort.length]!),
    ),
    openLoop(share.roundTripsPerSecond, share.durationMs, (index) =>
      roundTrip(tally, share.base, share.traderSessions[index % share.traderSessions.length]!),
    ),
  ]);
  delay.disable();
  await send({
    tally: tally.figures(),
    cohortStarted,
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
  } satisfies ShareResult);
  process.exit(0);
});
await send('ready');
