import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { runAlertChecks } from '../src/use-cases/alerts/run-alert-checks.js';
import { consoleCall, type TestStaff } from './funds-fixtures.js';
import type { TestApp } from './harness.js';

/** A request the webhook receiver took: its headers and its body as text. */
export interface ReceivedAlert {
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A real HTTP receiver for alert webhooks on a local port (docs/adr/0033). It keeps every request
 * it takes and answers each with the next status of `answers`, 200 once they are used up.
 */
export async function startWebhookReceiver(answers: number[] = []) {
  const received: ReceivedAlert[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Makes reconciliation fail once: an investor's cached cash balance is put one paisa off its
 * postings, `ledger/reconcile` (as `admin`) reports it, the alert checks raise
 * `reconciliation_failed`, and the balance is put back.
 */
export async function failReconciliationOnce(
  t: TestApp,
  deps: Parameters<typeof runAlertChecks>[0],
  admin: TestStaff,
): Promise<void> {
  const account = await t.db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance_minor'])
    .where('owner_type', '=', 'user')
    .where('purpose', '=', 'cash')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // A cached balance that disagrees with its postings: what reconciliation exists to find.
  await t.db
    .updateTable('ledger_accounts')
    .set({ balance_minor: account.balance_minor! + 1n })
    .where('id', '=', account.id)
    .execute();
  try {
    const failed = await consoleCall(t, admin, 'ledger/reconcile', {});
    expect(failed.body.data?.ok, JSON.stringify(failed.body)).toBe(false);
    expect((await runAlertChecks(deps, t.clock.now())).raised).toEqual(['reconciliation_failed']);
  } finally {
    await t.db
      .updateTable('ledger_accounts')
      .set({ balance_minor: account.balance_minor })
      .where('id', '=', account.id)
      .execute();
  }
}
