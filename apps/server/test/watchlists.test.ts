import { WATCHLIST_SYMBOLS_MAX, WATCHLISTS_MAX } from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { startTestApp } from './harness.js';

const t = await startTestApp();
await t.db
  .insertInto('invitation_codes')
  .values({ code: 'WATCH001', owner_user_id: null, note: null })
  .execute();

async function investor() {
  const phone = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const reply = await t.call('user/register', {
    account: phone,
    password: 'Watch1234',
    confirmPassword: 'Watch1234',
    inviteCode: 'WATCH001',
    agree: true,
  });
  return { token: reply.body.data.token as string, account: phone };
}
const symbols = (
  await t.db
    .selectFrom('instruments')
    .select('symbol')
    .where('kind', '=', 'equity')
    .orderBy('symbol')
    .execute()
).map((row) => row.symbol);

describe('watchlists', () => {
  it('starts with one list, adds symbols in order, reorders, and deletes a selection', async () => {
    const headers = await investor();
    const lists = await t.call('favorite/lists', {}, headers);
    expect(lists.body.data).toEqual([{ id: expect.any(String), name: 'Watchlist', symbols: [] }]);
    await t.call('favorite/add', { symbol: 'reliance' }, headers);
    await t.call('favorite/add', { symbol: 'TCS' }, headers);
    const third = await t.call('favorite/add', { symbol: 'INFY' }, headers);
    expect(third.body.data.symbols).toEqual(['RELIANCE', 'TCS', 'INFY']);
    const again = await t.call('favorite/add', { symbol: 'TCS' }, headers);
    expect(again.body.data.symbols).toEqual(['RELIANCE', 'TCS', 'INFY']);
    const listId = third.body.data.id;
    const reordered = await t.call(
      'favorite/reorder',
      { listId, symbols: ['INFY', 'RELIANCE', 'TCS'] },
      headers,
    );
    expect(reordered.body.data.symbols).toEqual(['INFY', 'RELIANCE', 'TCS']);
    const badOrder = await t.call('favorite/reorder', { listId, symbols: ['INFY', 'INFY', 'TCS'] }, headers);
    expect(badOrder.body.code).toBe('VALIDATION_FAILED');
    const removed = await t.call('favorite/remove', { listId, symbols: ['INFY', 'TCS'] }, headers);
    expect(removed.body.data.symbols).toEqual(['RELIANCE']);
  });

  it('refuses an unknown symbol and another investor’s list', async () => {
    const owner = await investor();
    const stranger = await investor();
    const unknown = await t.call('favorite/add', { symbol: 'NOSUCH' }, owner);
    expect(unknown.body).toMatchObject({ status: 0, code: 'INSTRUMENT_NOT_FOUND' });
    const list = (await t.call('favorite/lists', {}, owner)).body.data[0];
    const foreign = await t.call('favorite/add', { symbol: 'TCS', listId: list.id }, stranger);
    expect(foreign.body.code).toBe('ORDER_NOT_FOUND');
    const foreignDelete = await t.call('favorite/deleteList', { listId: list.id }, stranger);
    expect(foreignDelete.body.code).toBe('ORDER_NOT_FOUND');
  });

  it(`holds at most ${WATCHLISTS_MAX} lists of ${WATCHLIST_SYMBOLS_MAX} symbols`, async () => {
    const headers = await investor();
    await t.call('favorite/lists', {}, headers);
    for (let index = 2; index <= WATCHLISTS_MAX; index++) {
      expect((await t.call('favorite/createList', { name: `List ${index}` }, headers)).body.status).toBe(1);
    }
    const eleventh = await t.call('favorite/createList', { name: 'One too many' }, headers);
    expect(eleventh.body).toMatchObject({
      status: 0,
      code: 'WATCHLIST_LIMIT',
      params: { limit: WATCHLISTS_MAX },
    });
    const duplicate = await t.call('favorite/createList', { name: 'List 2' }, headers);
    expect(duplicate.body.status).toBe(0);

    const listId = (await t.call('favorite/lists', {}, headers)).body.data[0].id;
    // The catalogue has fewer than 100 instruments; fill the list with extra test instruments.
    const fillers = Array.from({ length: WATCHLIST_SYMBOLS_MAX }, (_, index) => `FILL${index}`);
    await t.db
      .insertInto('instruments')
      .values(
        fillers.map((symbol) => ({
          symbol,
          name: symbol,
          kind: 'equity' as const,
          segment: 'listed' as const,
          calendar: 'nse',
          exchange: 'NSE',
          isin: null,
          sector: null,
          tick_paise: 5n,
          lot_size: 1,
          price_band_bps: 1000,
          leverages: [1],
          shortable: false,
          tradable: false,
          shares_outstanding: null,
        })),
      )
      .execute();
    for (const symbol of fillers) await t.call('favorite/add', { symbol, listId }, headers);
    const full = await t.call('favorite/add', { symbol: symbols[0], listId }, headers);
    expect(full.body).toMatchObject({
      status: 0,
      code: 'WATCHLIST_LIMIT',
      params: { limit: WATCHLIST_SYMBOLS_MAX },
    });
  });
});
