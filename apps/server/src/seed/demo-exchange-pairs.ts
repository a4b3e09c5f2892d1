import { parseExchangeRate } from '@nivesh/core';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { appendAudit } from '../repositories/audit.repository.js';
import { listExchangeRates, saveExchangeRate } from '../repositories/exchange-rate.repository.js';

/**
 * The demo's currency pairs, both directions of rupees and US dollars, so that a newcomer can try
 * an exchange on a first start. The rates are round demo figures, not market rates; finance changes
 * them on the console's Exchange rates page. A spread of 50 bps is taken from each.
 */
export const DEMO_EXCHANGE_PAIRS = [
  { from: 'INR', to: 'USD', rate: '0.012', spreadBps: 50 },
  { from: 'USD', to: 'INR', rate: '83', spreadBps: 50 },
] as const;

/**
 * Opens the demo pairs on a database that has no pair yet (a broker's own rates are never
 * touched, and a pair staff disabled stays disabled after a restart); never in production.
 */
export async function seedDemoExchangePairs(db: Db, config: ServerConfig, nowMs: number): Promise<boolean> {
  if (config.nodeEnv === 'production') return false;
  if ((await listExchangeRates(db, { enabledOnly: false })).length > 0) return false;
  await db.transaction().execute(async (trx) => {
    for (const pair of DEMO_EXCHANGE_PAIRS) {
      const rate = parseExchangeRate(pair.rate);
      if (!rate) throw new Error(`demo exchange rate ${pair.rate} does not parse`);
      await saveExchangeRate(trx, {
        from: pair.from,
        to: pair.to,
        rate,
        spreadBps: pair.spreadBps,
        enabled: true,
        staffId: null,
        atMs: nowMs,
      });
    }
    await appendAudit(trx, {
      actor: { type: 'system' },
      action: 'seed.exchange_rates.create',
      after: { pairs: DEMO_EXCHANGE_PAIRS.map((pair) => `${pair.from}:${pair.to} ${pair.rate}`) },
    });
  });
  return true;
}
