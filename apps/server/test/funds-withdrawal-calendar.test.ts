import { istDate } from '@nivesh/core';
import { describe, expect, it } from 'vitest';
import {
  consoleCall,
  createStaff,
  fundRowCounts,
  investorWithBank,
  setParameters,
} from './funds-fixtures.js';
import { startTestApp } from './harness.js';

// Its own app: the holiday added here closes today for every other test that would share the app.
const t = await startTestApp();
const admin = await createStaff(t, ['admin']);
const compliance = await createStaff(t, ['compliance']);

describe('the withdrawal window keeps the calendar the server trades by', () => {
  it('a holiday staff add for today in the console closes the window, as it closes trading', async () => {
    await setParameters(t, admin, { withdrawal_working_days_only: true });
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    const ok = { amount: '1000.00', destinationId: investor.bankId, fundPassword: 'Fund1234' };

    // A working Monday at 10:00 IST: the window is open before the holiday.
    const before = await t.call('cashout/quote', { destinationId: investor.bankId }, investor.headers);
    expect(before.body.data).toMatchObject({ inWindow: true, workingDaysOnly: true });

    const added = await consoleCall(t, compliance, 'calendar/addDay', {
      date: istDate(t.clock.now()),
      kind: 'holiday',
      description: 'Market closed by exchange circular',
    });
    expect(added.body.status, JSON.stringify(added.body)).toBe(1);

    const quote = await t.call('cashout/quote', { destinationId: investor.bankId }, investor.headers);
    expect(quote.body.data).toMatchObject({ inWindow: false });
    const counts = await fundRowCounts(t);
    const reply = await t.call('cashout/submit', ok, investor.headers);
    expect(reply.body).toMatchObject({
      status: 0,
      code: 'OUTSIDE_WITHDRAWAL_WINDOW',
      params: { from: '09:30:00', to: '23:59:59' },
    });
    expect(await fundRowCounts(t)).toEqual(counts);
  });

  it('with working days only off, the same holiday leaves the daily window open', async () => {
    await setParameters(t, admin, { withdrawal_working_days_only: false });
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    const reply = await t.call(
      'cashout/submit',
      { amount: '1000.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
      investor.headers,
    );
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  });
});
