import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { runAlertChecks } from '../src/use-cases/alerts/run-alert-checks.js';
import { failReconciliationOnce, type ReceivedAlert, startWebhookReceiver } from './alert-fixtures.js';
import { consoleCall, createStaff, investorWithBank } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

/*
 * Alerts (docs/adr/0033) delivered to a real HTTP receiver on a local port: each condition raises one
 * alert until it clears (no storm), the webhook's body is signed with HMAC-SHA256 of the configured
 * secret, a failed delivery is tried again with backoff and every try is recorded, and the
 * dashboard's call lists them. The checks run as the engine's job runs them, at the test clock.
 */

// The first try, made when the engine starts (the feed has sent nothing yet), meets an error.
const receiver = await startWebhookReceiver([500]);
const { received, port } = receiver;
afterAll(receiver.close);

const SECRET = 'alert-secret-for-tests-only';
const t = await startTestApp({
  alerts: { webhook: { url: `http://127.0.0.1:${port}/nivesh-alerts`, secret: SECRET, timeoutMs: 5_000 } },
});
const deps = t.app.tradingEngine!.dependencies;
await t.app.tradingEngine!.idle();
const ist = (day: number, hours: number, minutes: number) => Date.UTC(2026, 10, day, hours - 5, minutes - 30);

const isSignedWithSecret = (request: ReceivedAlert) => {
  const timestamp = String(request.headers['x-nivesh-timestamp']);
  const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${request.body}`).digest('hex')}`;
  return request.headers['x-nivesh-signature'] === expected;
};

async function openAlerts() {
  return t.db
    .selectFrom('alerts')
    .select(['condition_key', 'cleared_at'])
    .where('cleared_at', 'is', null)
    .execute();
}

describe('alerts to a webhook', () => {
  it('a stale feed while the market is open is one alert, delivered signed, retried after a failure', async () => {
    // The engine's start ran the job: Monday 10:00 IST, market open, no tick ever.
    expect((await openAlerts()).map((row) => row.condition_key)).toEqual(['feed_stale']);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(isSignedWithSecret(received[0]!)).toBe(true);
    const payload = JSON.parse(received[0]!.body);
    expect(payload).toMatchObject({ condition: 'feed_stale', kind: 'feed_stale', raisedAt: t.clock.now() });
    expect(payload.summary).toContain('no tick');

    // Ten seconds later: still stale, no second alert, and the retry is not due yet (30 s).
    t.clock.advance(10_000);
    expect(await runAlertChecks(deps, t.clock.now())).toEqual({ raised: [], cleared: [], attempts: 0 });
    expect(received).toHaveLength(1);
    t.clock.advance(21_000);
    expect(await runAlertChecks(deps, t.clock.now())).toEqual({ raised: [], cleared: [], attempts: 1 });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['x-nivesh-delivery-attempt']).toBe('2');
    expect(isSignedWithSecret(received[1]!)).toBe(true);
    // Delivered: nothing more is sent for it, however often the checks run.
    t.clock.advance(600_000);
    await runAlertChecks(deps, t.clock.now());
    expect(received).toHaveLength(2);
    const tries = await t.db
      .selectFrom('alert_deliveries')
      .select(['channel', 'attempt', 'delivered', 'http_status', 'error'])
      .orderBy('attempt')
      .execute();
    expect(tries).toEqual([
      { channel: 'webhook', attempt: 1, delivered: false, http_status: 500, error: 'HTTP 500' },
      { channel: 'webhook', attempt: 2, delivered: true, http_status: 200, error: null },
    ]);
    expect(await t.db.selectFrom('alerts').select('id').execute()).toHaveLength(1);
  });

  it('a tampered body fails the signature check a receiver makes', () => {
    const tampered = { ...received[1]!, body: received[1]!.body.replace('feed_stale', 'feed_fresh') };
    expect(isSignedWithSecret(tampered)).toBe(false);
  });

  it('clears when the market closes, and a queue past its SLA raises its own alert until it is worked', async () => {
    t.clock.set(ist(23, 16, 0));
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    const check = await runAlertChecks(deps, t.clock.now());
    expect(check.cleared).toEqual(['feed_stale']);
    expect(await openAlerts()).toEqual([]);

    const request = await t.call(
      'cashout/submit',
      { amount: '500.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
      investor.headers,
    );
    expect(request.body.status, JSON.stringify(request.body)).toBe(1);
    // The withdrawal queue's SLA is 4 hours by default; 4 hours and a minute later it is overdue.
    t.clock.advance(241 * 60_000);
    const overdue = await runAlertChecks(deps, t.clock.now());
    expect(overdue.raised).toEqual(['queue_overdue:withdrawals']);
    expect(received.at(-1)!.body).toContain('withdrawal queue');
    t.clock.advance(60_000);
    expect((await runAlertChecks(deps, t.clock.now())).raised).toEqual([]);

    const finance = await createStaff(t, ['finance']);
    const paid = await consoleCall(t, finance, 'withdrawals/approve', {
      id: request.body.data.id,
      payoutReference: 'UTR-ALERT-0001',
    });
    expect(paid.body.data?.status, JSON.stringify(paid.body)).toBe('approved');
    expect((await runAlertChecks(deps, t.clock.now())).cleared).toEqual(['queue_overdue:withdrawals']);
  });

  it('a failed reconciliation raises an alert until a later run reconciles; the dashboard lists them all', async () => {
    // Staff sessions end when idle: the clock has moved hours since the admin signed in.
    const admin = await createStaff(t, ['admin']);
    await failReconciliationOnce(t, deps, admin);
    t.clock.advance(1_000);
    const again = await consoleCall(t, admin, 'ledger/reconcile', {});
    expect(again.body.data.ok).toBe(true);
    expect((await runAlertChecks(deps, t.clock.now())).cleared).toEqual(['reconciliation_failed']);

    const listed = await consoleCall(t, admin, 'alerts/list', {});
    expect(listed.body.status, JSON.stringify(listed.body)).toBe(1);
    expect(listed.body.data.channels).toEqual({ webhook: true, mail: false });
    expect(listed.body.data.items.map((item: { condition: string }) => item.condition)).toEqual([
      'reconciliation_failed',
      'queue_overdue:withdrawals',
      'feed_stale',
    ]);
    const feed = listed.body.data.items[2];
    expect(feed.clearedAt).toBe(ist(23, 16, 0));
    expect(feed.deliveries.map((row: { delivered: boolean }) => row.delivered)).toEqual([false, true]);
    const content = await createStaff(t, ['content']);
    expect((await consoleCall(t, content, 'alerts/list', {})).http).toBe(403);
  });
});
