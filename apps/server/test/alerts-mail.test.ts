import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { runAlertChecks } from '../src/use-cases/alerts/run-alert-checks.js';
import { failReconciliationOnce, startWebhookReceiver } from './alert-fixtures.js';
import { consoleCall, createStaff, investorWithBank } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

/*
 * Alerts (docs/adr/0033) with both channels configured: a real SMTP server (smtp-server) and a real
 * HTTP receiver on local ports. Each of the three conditions (a stale feed, a queue past its SLA, a
 * failed reconciliation) is mailed to every configured address and POSTed to the webhook, once; a
 * mail the SMTP server refuses is recorded with the server's answer and tried again later.
 */

interface Mail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}
const mails: Mail[] = [];
/** SMTP answers for the next messages: an error refuses one, undefined accepts it. */
const refusals: (string | undefined)[] = [];

/** The headers and text body of a raw message as nodemailer writes it (7bit or quoted-printable). */
function readMessage(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = head.replace(/\r\n(?=[ \t])/g, '');
  const header = (name: string) =>
    headers
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  let text = rest.join('\r\n\r\n');
  if (header('Content-Transfer-Encoding').toLowerCase() === 'quoted-printable') {
    text = text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n') };
}

const smtp = new SMTPServer({
  authOptional: true,
  // No TLS on a local test port: nodemailer would otherwise upgrade the connection.
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const refusal = refusals.shift();
      if (refusal) {
        callback(Object.assign(new Error(refusal), { responseCode: 451 }));
        return;
      }
      mails.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        ...readMessage(Buffer.concat(chunks).toString('utf8')),
      });
      callback();
    });
  },
});
// The first mail, sent when the engine starts (the feed has sent nothing yet), is refused.
refusals.push('mailbox busy, try later');
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const receiver = await startWebhookReceiver();
const { received: posted, port: webhookPort } = receiver;
afterAll(async () => {
  await receiver.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const TO = ['ops@broker.example', 'finance@broker.example'];
const t = await startTestApp({
  alerts: {
    webhook: { url: `http://127.0.0.1:${webhookPort}/alerts`, secret: 'mail-test-secret', timeoutMs: 5_000 },
    mail: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'alerts@broker.example', to: TO },
  },
});
const deps = t.app.tradingEngine!.dependencies;
await t.app.tradingEngine!.idle();
const ist = (day: number, hours: number, minutes: number) => Date.UTC(2026, 10, day, hours - 5, minutes - 30);

const conditionsPosted = () => posted.map((request) => JSON.parse(request.body).condition as string);

async function triesOf(condition: string) {
  return t.db
    .selectFrom('alert_deliveries')
    .innerJoin('alerts', 'alerts.id', 'alert_deliveries.alert_id')
    .select([
      'alert_deliveries.channel',
      'alert_deliveries.attempt',
      'alert_deliveries.delivered',
      'alert_deliveries.error',
    ])
    .where('alerts.condition_key', '=', condition)
    .orderBy('alert_deliveries.channel')
    .orderBy('alert_deliveries.attempt')
    .execute();
}

describe('alerts by mail and webhook', () => {
  it('a stale feed is mailed to every address; a refused mail is recorded and sent on the retry', async () => {
    // The engine's start ran the checks: Monday 10:00 IST, market open, no tick ever.
    expect(conditionsPosted()).toEqual(['feed_stale']);
    expect(mails).toEqual([]);
    const refused = await triesOf('feed_stale');
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({ channel: 'mail', attempt: 1, delivered: false });
    expect(refused[0]!.error).toContain('mailbox busy, try later');
    expect(refused[1]).toEqual({ channel: 'webhook', attempt: 1, delivered: true, error: null });

    // The retry is due 30 s later: the mail goes, the webhook (delivered) is not sent again.
    t.clock.advance(31_000);
    expect(await runAlertChecks(deps, t.clock.now())).toEqual({ raised: [], cleared: [], attempts: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: 'alerts@broker.example',
      to: TO,
      subject: '[Nivesh alert] The market is open and the feed has sent no tick',
    });
    expect(mails[0]!.text).toContain('Condition: feed_stale');
    expect(mails[0]!.text).toContain(`Raised: ${new Date(ist(23, 10, 0)).toISOString()}`);
    expect(conditionsPosted()).toEqual(['feed_stale']);
    expect((await triesOf('feed_stale')).map((row) => [row.channel, row.attempt, row.delivered])).toEqual([
      ['mail', 1, false],
      ['mail', 2, true],
      ['webhook', 1, true],
    ]);
    // Delivered on both: nothing more however often the checks run.
    t.clock.advance(600_000);
    await runAlertChecks(deps, t.clock.now());
    expect(mails).toHaveLength(1);
  });

  it('a queue past its SLA is mailed and posted once', async () => {
    t.clock.set(ist(23, 16, 0));
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    expect((await runAlertChecks(deps, t.clock.now())).cleared).toEqual(['feed_stale']);
    const request = await t.call(
      'cashout/submit',
      { amount: '500.00', destinationId: investor.bankId, fundPassword: 'Fund1234' },
      investor.headers,
    );
    expect(request.body.status, JSON.stringify(request.body)).toBe(1);
    // The withdrawal queue's SLA is 4 hours by default.
    t.clock.advance(241 * 60_000);
    expect((await runAlertChecks(deps, t.clock.now())).raised).toEqual(['queue_overdue:withdrawals']);
    t.clock.advance(60_000);
    await runAlertChecks(deps, t.clock.now());
    const queueMails = mails.filter((mail) => mail.text.includes('Condition: queue_overdue:withdrawals'));
    expect(queueMails).toHaveLength(1);
    expect(queueMails[0]!.to).toEqual(TO);
    expect(queueMails[0]!.subject).toContain(
      'withdrawal queue have waited longer than its SLA of 240 minutes',
    );
    expect(conditionsPosted().filter((condition) => condition === 'queue_overdue:withdrawals')).toHaveLength(
      1,
    );
  });

  it('a failed reconciliation is mailed and posted; the dashboard says both channels are on', async () => {
    const admin = await createStaff(t, ['admin']);
    await failReconciliationOnce(t, deps, admin);
    const reconciliationMail = mails.find((mail) => mail.text.includes('Condition: reconciliation_failed'));
    expect(reconciliationMail?.to).toEqual(TO);
    expect(reconciliationMail?.subject.startsWith('[Nivesh alert] ')).toBe(true);
    expect(conditionsPosted().at(-1)).toBe('reconciliation_failed');
    expect((await triesOf('reconciliation_failed')).map((row) => [row.channel, row.delivered])).toEqual([
      ['mail', true],
      ['webhook', true],
    ]);

    const listed = await consoleCall(t, admin, 'alerts/list', {});
    expect(listed.body.data.channels).toEqual({ webhook: true, mail: true });
  });
});
