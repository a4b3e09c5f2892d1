import { ALL_INSTRUMENTS } from '@nivesh/market';
import type { BrokerConfigName } from '../config.js';
import type { Db } from '../db/database.js';
import { refreshMarketStatistics } from '../repositories/instrument.repository.js';
import { rowFromRecord } from '../repositories/row-records.js';
import { DEFAULT_LEGAL_TEXTS, SUPERSEDED_PLACEHOLDERS } from './legal-texts.js';

/**
 * Public configuration every installation starts with; staff change it in the console. The
 * agreement and privacy texts are real defaults (seed/legal-texts.ts) that name the broker through
 * its configuration entries.
 */
export const DEFAULT_CONFIG: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'title', value: 'Nivesh' },
  { name: 'logo', value: '/icons/icon.svg' },
  { name: 'kefu', value: 'mailto:support@nivesh.example' },
  { name: 'withdrawal_arrival', value: 'Usually within 2 hours; at the latest by 24:00 on T+1.' },
  { name: 'withdrawal_arrival_hi', value: 'आमतौर पर 2 घंटे के भीतर; अधिकतम T+1 को 24:00 बजे तक।' },
  { name: 'withdrawal_arrival_zh', value: '通常 2 小时内到账；最迟 T+1 日 24:00 前到账。' },
  ...Object.entries(DEFAULT_LEGAL_TEXTS).map(([name, value]) => ({ name, value })),
];

/**
 * Inserts what is missing and never overwrites what staff changed, so it runs on every start. The
 * one exception is `market_feed`, which states the running feed so every market screen can say
 * "Simulated market" while the simulator feeds (DESIGN.md section 9).
 */
export async function seedReferenceData(
  db: Db,
  feed: 'simulator' | 'none' = 'simulator',
  brokerDetails: Partial<Record<BrokerConfigName, string>> = {},
): Promise<void> {
  const marketFeed = feed === 'simulator' ? 'simulated' : 'none';
  // The environment states the broker's details (config.ts BROKER_ENV); what it sets wins.
  for (const [name, value] of Object.entries(brokerDetails)) {
    await db
      .insertInto('config_entries')
      .values({ name, value })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value }))
      .execute();
  }
  // A legal text still holding the placeholder an earlier version seeded gets the real default.
  for (const [name, placeholder] of Object.entries(SUPERSEDED_PLACEHOLDERS)) {
    await db
      .updateTable('config_entries')
      .set({ value: DEFAULT_LEGAL_TEXTS[name]! })
      .where('name', '=', name)
      .where('value', '=', placeholder)
      .execute();
  }
  await db
    .insertInto('config_entries')
    .values({ name: 'market_feed', value: marketFeed })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: marketFeed }))
    .execute();
  await db
    .insertInto('config_entries')
    .values(DEFAULT_CONFIG.map((entry) => ({ name: entry.name, value: entry.value })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  await db
    .insertInto('instruments')
    .values(
      // The starting price seeds the simulator's quotes, not the instrument's terms.
      ALL_INSTRUMENTS.map(
        ({ startPricePaise: _start, isin, sector, sharesOutstanding, quoteUnits, ...terms }) =>
          rowFromRecord({
            ...terms,
            isin: isin ?? null,
            sector: sector ?? null,
            sharesOutstanding: sharesOutstanding ?? null,
            quoteUnits: quoteUnits ?? 1,
          }),
      ),
    )
    .onConflict((conflict) => conflict.column('symbol').doNothing())
    .execute();
  await refreshMarketStatistics(db);
}
