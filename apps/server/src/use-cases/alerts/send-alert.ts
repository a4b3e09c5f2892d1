import { createHmac } from 'node:crypto';
import type { AlertsConfig } from '../../config.js';
import type { AlertRecord } from '../../repositories/alert.repository.js';

/** The outcome of one try to deliver an alert. */
export interface DeliveryOutcome {
  delivered: boolean;
  httpStatus: number | null;
  error: string | null;
}

/** What the webhook receives: the alert, as JSON. */
export function alertPayload(alert: AlertRecord): string {
  return JSON.stringify({
    id: String(alert.id),
    condition: alert.conditionKey,
    kind: alert.kind,
    summary: alert.summary,
    raisedAt: alert.raisedAtMs,
  });
}

/**
 * The signature of a webhook body (docs/adr/0033): hex HMAC-SHA256, keyed with the configured secret,
 * of the timestamp header's value, a dot and the body, so a receiver can refuse a replayed or altered
 * alert. Sent as `X-Nivesh-Signature: sha256=<hex>`.
 */
export function signWebhookBody(secret: string, timestampMs: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampMs}.${body}`).digest('hex')}`;
}

/** One POST of an alert to the webhook; any 2xx answer is delivered, anything else a failed try. */
export async function postAlertToWebhook(
  webhook: NonNullable<AlertsConfig['webhook']>,
  alert: AlertRecord,
  attempt: number,
  nowMs: number,
): Promise<DeliveryOutcome> {
  const body = alertPayload(alert);
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Nivesh-Alerts/1',
        'x-nivesh-alert-id': String(alert.id),
        'x-nivesh-delivery-attempt': String(attempt),
        'x-nivesh-timestamp': String(nowMs),
        'x-nivesh-signature': signWebhookBody(webhook.secret, nowMs, body),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(webhook.timeoutMs),
    });
    // The answer's body is not needed; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    return response.ok
      ? { delivered: true, httpStatus: response.status, error: null }
      : { delivered: false, httpStatus: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    return { delivered: false, httpStatus: null, error: describe(error) };
  }
}

type MailTransport = { sendMail(message: Record<string, unknown>): Promise<unknown> };
const transports = new Map<string, Promise<MailTransport>>();

/** One mail of an alert through the configured SMTP server (nodemailer, one transport per URL). */
export async function mailAlert(
  mail: NonNullable<AlertsConfig['mail']>,
  alert: AlertRecord,
): Promise<DeliveryOutcome> {
  try {
    let transport = transports.get(mail.smtpUrl);
    if (!transport) {
      transport = import('nodemailer').then(
        (nodemailer) => nodemailer.createTransport(mail.smtpUrl) as MailTransport,
      );
      transports.set(mail.smtpUrl, transport);
    }
    await (await transport).sendMail({
      from: mail.from,
      to: mail.to,
      subject: `[Nivesh alert] ${alert.summary}`,
      text: `${alert.summary}\n\nCondition: ${alert.conditionKey}\nRaised: ${new Date(alert.raisedAtMs).toISOString()}\n\nOpen the console's dashboard to act on it.`,
    });
    return { delivered: true, httpStatus: null, error: null };
  } catch (error) {
    return { delivered: false, httpStatus: null, error: describe(error) };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}
