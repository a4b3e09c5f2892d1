import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  forgetTradingParameters,
  readTradingParameters,
} from '../src/repositories/trading-parameters.repository.js';
import { startTestApp } from './harness.js';
import { setParameter } from './trading-helpers.js';

const t = await startTestApp();

/** The same database, whose next answer is held until `release()`: a read kept in flight. */
function heldAnswer() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = true;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      if (holding) {
        holding = false;
        await gate;
      }
      return args.result;
    },
  };
  return { db: t.db.withPlugin(plugin), release };
}

describe('the trading parameters cache', () => {
  it('never keeps what a read in flight saw once a change made it forget', async () => {
    await setParameter(t, 'trading.lock_by_symbol', {});
    const held = heldAnswer();
    // A read (an order, the engine) has its answer from before the change, but not yet handed over.
    const inFlight = readTradingParameters(held.db);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await setParameter(t, 'trading.lock_by_symbol', { TCS: { days: 1, minutes: 0 } });
    forgetTradingParameters(held.db);
    held.release();
    expect((await inFlight).lockBySymbol.size).toBe(0);
    // The next read sees the change, not what the late read would have cached.
    expect((await readTradingParameters(held.db)).lockBySymbol.get('TCS')).toEqual({ days: 1, minutes: 0 });
    await setParameter(t, 'trading.lock_by_symbol', {});
  });
});
