import type { BodyOf, DataOf, readFeedStatus, setFeedMode } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { findConfigValue, upsertConfigEntry } from '../../repositories/config.repository.js';
import { findLatestTickMs } from '../../repositories/quote.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

type FeedStatus = DataOf<typeof readFeedStatus>;

/** The feed as staff see it: the `market_feed` setting, whether it can be switched, the last tick's age. */
export async function readFeed(deps: AppDeps, db: Db = deps.db): Promise<FeedStatus> {
  const [mode, lastTickAt] = await Promise.all([findConfigValue(db, 'market_feed'), findLatestTickMs(db)]);
  return {
    mode: mode ?? 'none',
    controllable: deps.feedSwitch?.isControllable ?? false,
    lastTickAt,
    lastTickAgeMs: lastTickAt === null ? null : Math.max(0, deps.clock.now() - lastTickAt),
  };
}

/**
 * Starts (simulated) or stops (none) the built-in simulator and records the mode in `market_feed`,
 * which every market screen reads to say "Simulated market"; audited with before and after.
 */
export async function setFeed(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof setFeedMode>,
): Promise<FeedStatus> {
  const feedSwitch = deps.feedSwitch;
  if (!feedSwitch?.isControllable) return refuse('FEED_CONTROL_UNAVAILABLE');
  const before = await readFeed(deps);
  await inTransaction(deps.db, async (trx) => {
    await upsertConfigEntry(trx, { name: 'market_feed', value: input.mode, atMs: context.nowMs });
    await auditStaffAct(trx, context, {
      action: 'market.feed.set',
      target: { type: 'config', id: 'market_feed' },
      before: { mode: before.mode },
      after: { mode: input.mode },
      reason: input.reason,
    });
  });
  // After the commit: a refused or rolled-back change never moves the feed.
  feedSwitch.set(input.mode === 'simulated');
  return readFeed(deps);
}
