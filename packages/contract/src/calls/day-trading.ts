import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, Obj } from '../schema.js';

/**
 * Day (intraday) trading: the investor applies, compliance staff approve or reject (docs/api.md,
 * "Trading (orders and positions)").
 */

const DayTradingState = Type.Union([
  Type.Literal('none'),
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);

export const DayTradingStatus = Obj({
  status: DayTradingState,
  appliedAt: Type.Union([EpochMs, Type.Null()]),
  decidedAt: Type.Union([EpochMs, Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  rules: Obj({
    squareOffTime: Type.String({ description: 'HH:MM IST, when intraday positions are closed' }),
    stopOutPercent: Type.String({ description: 'the share of margin lost that closes a position' }),
  }),
});

export const applyDayTrading = defineCall({
  path: 'dayTrading/apply',
  operation: 'submit',
  summary: 'Apply for day trading; staff review the application.',
  body: Empty,
  data: DayTradingStatus,
  auth: true,
  mutates: true,
});

export const dayTradingStatus = defineCall({
  path: 'dayTrading/status',
  summary: 'The investor’s day-trading status, the latest application and the rules that apply.',
  body: Empty,
  data: DayTradingStatus,
  auth: true,
  mutates: false,
});

const ApplicationId = Type.String({ pattern: '^[0-9]{1,19}$' });

export const DayTradingApplication = Obj({
  id: ApplicationId,
  userId: Type.String(),
  phone: Type.String(),
  realName: Type.Union([Type.String(), Type.Null()]),
  state: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  appliedAt: EpochMs,
  decidedAt: Type.Union([EpochMs, Type.Null()]),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});

export const listDayTradingApplications = defineCall({
  path: 'dayTrading/applications',
  summary: 'Day-trading applications, oldest pending first by default; filter by state.',
  body: Obj({
    state: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  data: Obj({ items: Type.Array(DayTradingApplication) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance'],
});

export const approveDayTrading = defineCall({
  path: 'dayTrading/approve',
  summary: 'Approve a pending day-trading application (audited; the investor gets a message).',
  body: Obj({
    id: ApplicationId,
    reason: Type.Optional(Type.String({ minLength: 3, maxLength: 500 })),
  }),
  data: DayTradingApplication,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const rejectDayTrading = defineCall({
  path: 'dayTrading/reject',
  summary: 'Reject a pending day-trading application with a reason the investor reads.',
  body: Obj({ id: ApplicationId, reason: Type.String({ minLength: 3, maxLength: 500 }) }),
  data: DayTradingApplication,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});
