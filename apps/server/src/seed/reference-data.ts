import { ALL_INSTRUMENTS } from '@nivesh/market';
import type { Db } from '../db/database.js';

/**
 * Public configuration every installation starts with; staff change it in the console. The
 * agreement and privacy texts are placeholders an operator must replace with their own.
 */
export const DEFAULT_CONFIG: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'title', value: 'Nivesh' },
  { name: 'logo', value: '/icons/icon.svg' },
  { name: 'kefu', value: 'mailto:support@nivesh.example' },
  { name: 'withdrawal_arrival', value: 'Usually within 2 hours; at the latest by 24:00 on T+1.' },
  { name: 'withdrawal_arrival_hi', value: 'आमतौर पर 2 घंटे के भीतर; अधिकतम T+1 को 24:00 बजे तक।' },
  { name: 'withdrawal_arrival_zh', value: '通常 2 小时内到账；最迟 T+1 日 24:00 前到账。' },
  {
    name: 'agreement_en',
    value: 'User agreement: replace this text with your brokerage’s agreement in the console (Config).',
  },
  { name: 'agreement_hi', value: 'उपयोगकर्ता अनुबंध: कंसोल (Config) में इस पाठ को अपने ब्रोकरेज के अनुबंध से बदलें।' },
  { name: 'agreement_zh', value: '用户协议：请在控制台（配置）中替换为贵公司的协议文本。' },
  {
    name: 'privacy_en',
    value: 'Privacy policy: replace this text with your brokerage’s policy in the console (Config).',
  },
  { name: 'privacy_hi', value: 'गोपनीयता नीति: कंसोल (Config) में इस पाठ को अपने ब्रोकरेज की नीति से बदलें।' },
  { name: 'privacy_zh', value: '隐私政策：请在控制台（配置）中替换为贵公司的隐私政策。' },
];

/**
 * Inserts what is missing and never overwrites what staff changed, so it runs on every start. The
 * one exception is `market_feed`, which states the running feed so every market screen can say
 * "Simulated market" while the simulator feeds (DESIGN.md section 9).
 */
export async function seedReferenceData(db: Db, feed: 'simulator' | 'none' = 'simulator'): Promise<void> {
  const marketFeed = feed === 'simulator' ? 'simulated' : 'none';
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
      ALL_INSTRUMENTS.map((instrument) => ({
        symbol: instrument.symbol,
        name: instrument.name,
        kind: instrument.kind,
        segment: instrument.segment,
        calendar: instrument.calendar,
        exchange: instrument.exchange,
        isin: instrument.isin ?? null,
        sector: instrument.sector ?? null,
        tick_paise: instrument.tickPaise,
        lot_size: instrument.lotSize,
        price_band_bps: instrument.priceBandBps,
        leverages: instrument.leverages,
        shortable: instrument.shortable,
        tradable: instrument.tradable,
        shares_outstanding: instrument.sharesOutstanding ?? null,
        quote_units: instrument.quoteUnits ?? 1,
      })),
    )
    .onConflict((conflict) => conflict.column('symbol').doNothing())
    .execute();
}
