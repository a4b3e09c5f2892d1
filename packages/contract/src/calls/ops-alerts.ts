import { Type } from 'typebox';
import { defineCall, EpochMs, Obj } from '../schema.js';

/*
 * Alerts (docs/adr/0033-daily-reports-alerts-and-back-office-screens.md): a review queue past its
 * SLA, a stale feed while the market is open, a failed reconciliation. One alert per condition until
 * it clears; each is shown on the dashboard and delivered to the configured webhook and mail, every
 * try recorded.
 */

export const ALERT_LIST_MAX = 50;

export const AlertItem = Obj({
  id: Type.String(),
  condition: Type.String({ description: 'queue_overdue:<queue>, feed_stale or reconciliation_failed' }),
  kind: Type.Union([
    Type.Literal('queue_overdue'),
    Type.Literal('feed_stale'),
    Type.Literal('reconciliation_failed'),
  ]),
  summary: Type.String(),
  raisedAt: EpochMs,
  clearedAt: Type.Union([EpochMs, Type.Null()]),
  deliveries: Type.Array(
    Obj({
      channel: Type.Union([Type.Literal('webhook'), Type.Literal('mail')]),
      attempt: Type.Integer({ minimum: 1 }),
      attemptedAt: EpochMs,
      delivered: Type.Boolean(),
      httpStatus: Type.Union([Type.Integer(), Type.Null()]),
      error: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});

export const alertList = defineCall({
  path: 'alerts/list',
  summary:
    'The open alerts and those raised in the last 7 days, newest first, each with its delivery tries; ' +
    'which channels are configured (webhook, mail).',
  body: Obj({}),
  data: Obj({
    items: Type.Array(AlertItem),
    channels: Obj({ webhook: Type.Boolean(), mail: Type.Boolean() }),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});
