import { describe, expect, it } from 'vitest';
import { FeedSwitch } from '../src/market/feed-switch.js';
import { createStaff } from './console-fixtures.js';
import { startTestApp } from './harness.js';

let simulatorRunning = true;
const feedSwitch = new FeedSwitch();
feedSwitch.attach({
  get isRunning() {
    return simulatorRunning;
  },
  start: () => {
    simulatorRunning = true;
  },
  stop: () => {
    simulatorRunning = false;
  },
});
const t = await startTestApp({}, undefined, { feedSwitch });
const compliance = await createStaff(t, ['compliance']);
const admin = await createStaff(t, ['admin']);
const support = await createStaff(t, ['support']);

const instrument = (symbol: string) =>
  t.db.selectFrom('instruments').selectAll().where('symbol', '=', symbol).executeTakeFirstOrThrow();

describe('instruments', () => {
  it('lists by query, kind and tradable, paged', async () => {
    const reply = await t.call(
      '/api/console/market/instruments',
      { query: 'reliance', pageSize: 5 },
      support.headers,
    );
    expect(reply.body.data.items[0]).toMatchObject({ symbol: 'RELIANCE', kind: 'equity', tickSize: '0.05' });
    const crypto = await t.call('/api/console/market/instruments', { kind: 'crypto' }, support.headers);
    expect(crypto.body.data.total).toBeGreaterThan(0);
    expect(crypto.body.data.items.every((row: { kind: string }) => row.kind === 'crypto')).toBe(true);
  });

  it('changes trading terms with a reason, audited with the fields before and after', async () => {
    const before = await instrument('RELIANCE');
    const reply = await t.call(
      '/api/console/market/updateInstrument',
      {
        symbol: 'RELIANCE',
        tradable: false,
        leverages: [5, 1, 2],
        priceBandBps: 500,
        tickSize: '0.10',
        reason: 'surveillance measure',
      },
      compliance.headers,
    );
    expect(reply.body.data).toMatchObject({
      tradable: false,
      leverages: [1, 2, 5],
      priceBandBps: 500,
      tickSize: '0.10',
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'market.instrument.update')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      target_id: 'RELIANCE',
      reason: 'surveillance measure',
      before: {
        tradable: before.tradable,
        price_band_bps: before.price_band_bps,
        tick_paise: String(before.tick_paise),
      },
      after: { tradable: false, price_band_bps: 500, tick_paise: '10', leverages: [1, 2, 5] },
    });
  });

  const refusals: [string, Record<string, unknown>, number, string][] = [
    ['a band above 100%', { priceBandBps: 10_001 }, 400, 'VALIDATION_FAILED'],
    ['a negative band', { priceBandBps: -1 }, 400, 'VALIDATION_FAILED'],
    ['a fractional band', { priceBandBps: 12.5 }, 400, 'VALIDATION_FAILED'],
    ['no leverage', { leverages: [] }, 400, 'VALIDATION_FAILED'],
    ['a zero tick', { tickSize: '0.00' }, 200, 'INSTRUMENT_TICK_INVALID'],
    ['a tick with 3 decimals', { tickSize: '0.005' }, 200, 'INSTRUMENT_TICK_INVALID'],
    ['nothing to change', {}, 200, 'NOTHING_TO_CHANGE'],
  ];
  for (const [what, change, http, code] of refusals) {
    it(`refuses ${what} (${code}), nothing changed`, async () => {
      const before = await instrument('TCS');
      const reply = await t.call(
        '/api/console/market/updateInstrument',
        { symbol: 'TCS', ...change, reason: 'testing' },
        compliance.headers,
      );
      expect(reply.http).toBe(http);
      expect(reply.body.code).toBe(code);
      expect(await instrument('TCS')).toEqual(before);
    });
  }

  it('refuses an unknown symbol and support', async () => {
    const unknown = await t.call(
      '/api/console/market/updateInstrument',
      { symbol: 'NOPE', tradable: true, reason: 'x y z' },
      admin.headers,
    );
    expect(unknown.body.code).toBe('INSTRUMENT_NOT_FOUND');
    const bySupport = await t.call(
      '/api/console/market/updateInstrument',
      { symbol: 'TCS', tradable: false, reason: 'x y z' },
      support.headers,
    );
    expect(bySupport.http).toBe(403);
  });
});

describe('corporate actions', () => {
  it('adds a split and a dividend, lists them newest ex-date first', async () => {
    const split = await t.call(
      '/api/console/market/addCorporateAction',
      {
        symbol: 'infy',
        kind: 'split',
        exDate: Date.UTC(2026, 9, 1),
        ratioFrom: 1,
        ratioTo: 2,
        reason: 'board approved 1:2 split',
      },
      compliance.headers,
    );
    expect(split.body.data).toMatchObject({
      symbol: 'INFY',
      kind: 'split',
      ratioFrom: 1,
      ratioTo: 2,
      dividend: null,
    });
    const dividend = await t.call(
      '/api/console/market/addCorporateAction',
      {
        symbol: 'INFY',
        kind: 'dividend',
        exDate: Date.UTC(2026, 10, 1),
        dividend: '18.50',
        reason: 'interim dividend',
      },
      compliance.headers,
    );
    expect(dividend.body.data).toMatchObject({ kind: 'dividend', dividend: '18.50' });
    const list = await t.call('/api/console/market/corporateActions', { symbol: 'INFY' }, support.headers);
    expect(list.body.data.items.map((row: { kind: string }) => row.kind)).toEqual(['dividend', 'split']);
    const stored = await t.db
      .selectFrom('corporate_actions')
      .selectAll()
      .where('symbol', '=', 'INFY')
      .execute();
    expect(stored).toHaveLength(2);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['a split without a ratio', { kind: 'split', ratioFrom: 1 }, 'CORPORATE_ACTION_RATIO_INVALID'],
    ['a bonus of 1:1', { kind: 'bonus', ratioFrom: 1, ratioTo: 1 }, 'CORPORATE_ACTION_RATIO_INVALID'],
    ['a dividend of nothing', { kind: 'dividend', dividend: '0' }, 'CORPORATE_ACTION_DIVIDEND_INVALID'],
    [
      'a dividend with a ratio',
      { kind: 'dividend', dividend: '1.00', ratioFrom: 1, ratioTo: 2 },
      'CORPORATE_ACTION_DIVIDEND_INVALID',
    ],
    [
      'an unknown symbol',
      { symbol: 'NOPE', kind: 'bonus', ratioFrom: 1, ratioTo: 2 },
      'INSTRUMENT_NOT_FOUND',
    ],
  ];
  for (const [what, body, code] of refusals) {
    it(`refuses ${what} (${code}), nothing written`, async () => {
      const before = await t.db.selectFrom('corporate_actions').select('id').execute();
      const reply = await t.call(
        '/api/console/market/addCorporateAction',
        { symbol: 'TCS', exDate: Date.UTC(2026, 10, 2), reason: 'testing', ...body },
        compliance.headers,
      );
      expect(reply.body.code).toBe(code);
      expect(await t.db.selectFrom('corporate_actions').select('id').execute()).toEqual(before);
    });
  }
});

describe('feed control', () => {
  it('stops and starts the simulated feed (admin), recording market_feed, audited', async () => {
    const status = await t.call('/api/console/market/feed', {}, support.headers);
    expect(status.body.data).toMatchObject({ mode: 'simulated', controllable: true });
    const stopped = await t.call(
      '/api/console/market/setFeed',
      { mode: 'none', reason: 'exchange outage drill' },
      admin.headers,
    );
    expect(stopped.body.data.mode).toBe('none');
    expect(simulatorRunning).toBe(false);
    expect((await t.call('common/config', {})).body.data).toContainEqual({
      name: 'market_feed',
      value: 'none',
    });
    await t.call('/api/console/market/setFeed', { mode: 'simulated', reason: 'drill over' }, admin.headers);
    expect(simulatorRunning).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'market.feed.set')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { before: { mode: 'simulated' }, after: { mode: 'none' } },
      { before: { mode: 'none' }, after: { mode: 'simulated' } },
    ]);
    const byCompliance = await t.call(
      '/api/console/market/setFeed',
      { mode: 'none', reason: 'not mine' },
      compliance.headers,
    );
    expect(byCompliance.http).toBe(403);
    expect(simulatorRunning).toBe(true);
  });
});

describe('feed control without a simulator', async () => {
  const withoutFeed = await startTestApp();
  const owner = await createStaff(withoutFeed, ['admin']);
  it('refuses to switch and changes nothing', async () => {
    const reply = await withoutFeed.call(
      '/api/console/market/setFeed',
      { mode: 'none', reason: 'try it' },
      owner.headers,
    );
    expect(reply.body.code).toBe('FEED_CONTROL_UNAVAILABLE');
    const setting = await withoutFeed.db
      .selectFrom('config_entries')
      .select('value')
      .where('name', '=', 'market_feed')
      .executeTakeFirst();
    expect(setting?.value).toBe('simulated');
  });
});
