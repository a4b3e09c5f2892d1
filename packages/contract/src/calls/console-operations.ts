import { type TSchema, Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyInput, MoneyString, Obj, STAFF_ROLES } from '../schema.js';
import { MessageItem } from './engagement.js';
import { StatementFilter, StatementRow } from './statement.js';
import { Position, PositionStatus } from './trade.js';

/**
 * The staff console's operations (docs/api.md, "Console calls"): parameters, configuration, users,
 * the audit log, the ledger's search and second approvals, the dashboard and the market. Each call
 * names the roles it admits; docs/api.md lists each call with them.
 */

export const CONSOLE_PAGE_SIZE_MAX = 100;
/** The most rows a console CSV export reads (in pages of CONSOLE_PAGE_SIZE_MAX). */
export const CONSOLE_EXPORT_ROWS_MAX = 10_000;

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Offset paging for staff lists: page 1 first; the answer says how many rows match in all. */
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: CONSOLE_PAGE_SIZE_MAX })),
};
const PageOf = <T extends TSchema>(item: T) =>
  Obj({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

// Parameters.

export const ParameterApiValue = Type.Union([
  Type.String({ maxLength: 64 }),
  Type.Number(),
  Type.Boolean(),
  Obj({ start: Type.String({ maxLength: 5 }), end: Type.String({ maxLength: 5 }) }),
]);

export const ParameterItem = Obj({
  name: Type.String(),
  group: Type.String(),
  label: Type.String(),
  description: Type.String(),
  kind: Type.String({ description: 'count, bps, money, clock, window, choice or switch' }),
  unit: Type.String(),
  value: ParameterApiValue,
  defaultValue: ParameterApiValue,
  isDefault: Type.Boolean(),
  editors: Type.Array(Type.String()),
  choices: Type.Array(Type.String()),
  min: Nullable(Type.String()),
  max: Nullable(Type.String()),
  updatedAt: Nullable(EpochMs),
  pendingChange: Type.Optional(
    Obj(
      {
        requestId: Type.String(),
        value: ParameterApiValue,
        requestedBy: Type.String(),
        requestedAt: EpochMs,
      },
      { description: 'a money parameter change waiting for a second staff member (ADR 0027)' },
    ),
  ),
});

export const listParameters = defineCall({
  path: 'parameters/list',
  summary: 'Every server parameter of DESIGN.md section 5 with its current value, default, unit and bounds.',
  body: Empty,
  data: Obj({ items: Type.Array(ParameterItem) }),
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

export const updateParameter = defineCall({
  path: 'parameters/update',
  summary:
    'Change a parameter with a reason; effective at once, audited with before and after. Finance may change only the money limits of funds. A money parameter (an amount or a fee) is not changed at once: the change waits in pendingChange for a second staff member (approvals/decide).',
  body: Obj({ name: Type.String({ pattern: '^[a-z_]{2,64}$' }), value: ParameterApiValue, reason: Reason }),
  data: ParameterItem,
  auth: true,
  mutates: true,
  // Finance may change only the money limits of funds; the use case refuses it the rest (403, audited).
  roles: ['admin', 'finance'],
});

// Configuration.

export const ConfigItem = Obj({
  name: Type.String(),
  value: Type.String(),
  editable: Type.Boolean(),
  description: Type.String(),
  updatedAt: EpochMs,
});

export const listConfig = defineCall({
  path: 'config/list',
  summary:
    'The site configuration (title, logo, customer-service URL, agreement and privacy texts per language).',
  body: Empty,
  data: Obj({ items: Type.Array(ConfigItem) }),
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

export const updateConfig = defineCall({
  path: 'config/update',
  summary: 'Change one configuration entry with a reason; audited with before and after.',
  body: Obj({
    name: Type.String({ pattern: '^[a-z_]{2,64}$' }),
    value: Type.String({ maxLength: 20_000 }),
    reason: Reason,
  }),
  data: ConfigItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'content'],
});

// Users.

const KycStatus = Type.Union([
  Type.Literal('unverified'),
  Type.Literal('pending'),
  Type.Literal('verified'),
  Type.Literal('rejected'),
]);
const FlagName = Type.Union([
  Type.Literal('frozen'),
  Type.Literal('login_banned'),
  Type.Literal('disabled'),
  Type.Literal('trading_barred'),
  Type.Literal('withdrawal_barred'),
]);

export const UserSummary = Obj({
  id: Type.String(),
  phone: Type.String(),
  realName: Nullable(Type.String()),
  kycStatus: Type.String(),
  dayTradingStatus: Type.String(),
  creditScore: Type.Integer(),
  flags: Type.Array(Type.String()),
  createdAt: EpochMs,
});

export const searchUsers = defineCall({
  path: 'users/search',
  summary: 'Find investors by phone, id or name (part of it), filtered by KYC state and flag; paged.',
  body: Obj({
    query: Type.Optional(Type.String({ maxLength: 64 })),
    kycStatus: Type.Optional(KycStatus),
    flag: Type.Optional(FlagName),
    ...Paging,
  }),
  data: PageOf(UserSummary),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const readUserDetail = defineCall({
  path: 'users/detail',
  summary:
    'One investor: account, KYC state, flags with reasons, balances by purpose and currency, live sessions.',
  body: Obj({ userId: Id }),
  data: Obj({
    user: Obj({
      id: Type.String(),
      phone: Type.String(),
      realName: Nullable(Type.String()),
      kycStatus: Type.String(),
      dayTradingStatus: Type.String(),
      creditScore: Type.Integer(),
      language: Type.String(),
      referrerId: Nullable(Type.String()),
      createdAt: EpochMs,
    }),
    flags: Type.Array(
      Obj({ flag: Type.String(), reason: Type.String(), setBy: Type.String(), setAt: EpochMs }),
    ),
    balances: Type.Array(Obj({ currency: Type.String(), purpose: Type.String(), balance: MoneyString })),
    sessions: Type.Array(
      Obj({
        id: Type.String(),
        createdAt: EpochMs,
        lastSeenAt: EpochMs,
        expiresAt: EpochMs,
        ip: Nullable(Type.String()),
        userAgent: Nullable(Type.String()),
      }),
    ),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const readUserStatement = defineCall({
  path: 'users/statement',
  summary: 'An investor’s statement as they see it (every posting, newest first, cursor paging).',
  body: Obj({ userId: Id, ...StatementFilter.properties }),
  data: Obj({ items: Type.Array(StatementRow), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

// Users: an investor's positions and messages, for support and review (docs/api.md, "Users").

const UserCursorPage = {
  userId: Id,
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,19}$', description: 'nextCursor of the previous page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONSOLE_PAGE_SIZE_MAX })),
};

export const readUserPositions = defineCall({
  path: 'users/positions',
  summary:
    'An investor’s orders and positions in any state as the investor sees them (holdings valued at the live price), newest first; cursor paging by id.',
  body: Obj({
    ...UserCursorPage,
    state: Type.Optional(PositionStatus),
  }),
  data: Obj({ items: Type.Array(Position), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const readUserMessages = defineCall({
  path: 'users/messages',
  summary: 'An investor’s notices rendered in English, newest first, with read state; cursor paging by id.',
  body: Obj(UserCursorPage),
  data: Obj({ items: Type.Array(MessageItem), nextCursor: Nullable(Type.String()) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance', 'support'],
});

export const revokeUserSession = defineCall({
  path: 'users/revokeSession',
  summary: 'Sign an investor out: one live session by id, or all of them when sessionId is left out.',
  body: Obj({ userId: Id, sessionId: Type.Optional(Id), reason: Reason }),
  data: Obj({ revoked: Type.Integer() }),
  auth: true,
  mutates: true,
  roles: ['admin', 'support'],
});

export const setCreditScore = defineCall({
  path: 'users/setCreditScore',
  summary:
    'Set an investor’s credit score (a positive integer; it governs borrowing only, never withdrawing).',
  body: Obj({ userId: Id, creditScore: Type.Integer({ minimum: 1, maximum: 1_000_000 }), reason: Reason }),
  data: Obj({ creditScore: Type.Integer() }),
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

// The audit log.

export const AuditRow = Obj({
  id: Type.String(),
  at: EpochMs,
  actorType: Type.String(),
  actorId: Nullable(Type.String()),
  actorName: Nullable(Type.String({ description: 'the staff username when the actor is staff' })),
  action: Type.String(),
  targetType: Nullable(Type.String()),
  targetId: Nullable(Type.String()),
  before: Type.Unknown(),
  after: Type.Unknown(),
  reason: Nullable(Type.String()),
  requestId: Nullable(Type.String()),
  ip: Nullable(Type.String()),
});

export const listAudit = defineCall({
  path: 'audit/list',
  summary:
    'The audit log, newest first, filtered by actor, action (a prefix such as "user.flag"), target and time; paged.',
  body: Obj({
    actorType: Type.Optional(
      Type.Union([
        Type.Literal('user'),
        Type.Literal('staff'),
        Type.Literal('system'),
        Type.Literal('anonymous'),
      ]),
    ),
    actorId: Type.Optional(Type.String({ maxLength: 64 })),
    action: Type.Optional(Type.String({ pattern: '^[a-z_.]{1,64}$' })),
    targetType: Type.Optional(Type.String({ pattern: '^[a-z_]{1,40}$' })),
    targetId: Type.Optional(Type.String({ maxLength: 64 })),
    fromMs: Type.Optional(EpochMs),
    toMs: Type.Optional(EpochMs),
    ...Paging,
  }),
  data: PageOf(AuditRow),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance'],
});

// The ledger.

const Amounts = Type.Array(Obj({ currency: Type.String(), amount: MoneyString }), {
  description: 'per currency, the sum of the entry’s positive postings (what it moved)',
});

export const LedgerEntryRow = Obj({
  id: Type.String(),
  key: Type.String(),
  kind: Type.String(),
  referenceType: Nullable(Type.String()),
  reference: Nullable(Type.String()),
  postedByType: Type.String(),
  postedById: Nullable(Type.String()),
  reversesEntryId: Nullable(Type.String()),
  reversedByEntryId: Nullable(Type.String()),
  memo: Nullable(Type.String()),
  createdAt: EpochMs,
  amounts: Amounts,
});

export const searchLedgerEntries = defineCall({
  path: 'ledger/searchEntries',
  summary: 'Journal entries, newest first, by key, kind, reference, user and time; paged.',
  body: Obj({
    key: Type.Optional(Type.String({ maxLength: 200 })),
    kind: Type.Optional(Type.String({ pattern: '^[a-z_]{2,40}$' })),
    reference: Type.Optional(Type.String({ maxLength: 100 })),
    userId: Type.Optional(Id),
    fromMs: Type.Optional(EpochMs),
    toMs: Type.Optional(EpochMs),
    ...Paging,
  }),
  data: PageOf(LedgerEntryRow),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance'],
});

export const ReversalRequestRow = Obj({
  id: Type.String(),
  entryId: Type.String(),
  entryKey: Type.String(),
  entryKind: Type.String(),
  amount: MoneyString,
  reason: Type.String(),
  requestedBy: Type.String(),
  requestedByName: Type.String(),
  requestedAt: EpochMs,
  state: Type.String({ description: 'pending, approved or rejected' }),
  decidedBy: Nullable(Type.String()),
  decidedByName: Nullable(Type.String()),
  decidedAt: Nullable(EpochMs),
  decisionReason: Nullable(Type.String()),
  reversalEntryId: Nullable(Type.String()),
});

export const readLedgerEntry = defineCall({
  path: 'ledger/entry',
  summary:
    'One journal entry with its postings (account owner, purpose, amount, balance after) and reversal requests.',
  body: Obj({ entryId: Id }),
  data: Obj({
    entry: LedgerEntryRow,
    postings: Type.Array(
      Obj({
        id: Type.String(),
        accountId: Type.String(),
        ownerType: Type.String(),
        userId: Nullable(Type.String()),
        purpose: Type.String(),
        currency: Type.String(),
        amount: MoneyString,
        balanceAfter: Nullable(MoneyString),
      }),
    ),
    reversalRequests: Type.Array(ReversalRequestRow),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance'],
});

export const listReversalRequests = defineCall({
  path: 'ledger/reversalRequests',
  summary: 'Reversing corrections waiting for (or given) a second approval, newest first; paged.',
  body: Obj({
    state: Type.Optional(
      Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
    ),
    ...Paging,
  }),
  data: PageOf(ReversalRequestRow),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'compliance'],
});

export const decideReversal = defineCall({
  path: 'ledger/decideReversal',
  summary:
    'A second finance staff member approves (posts the reversal) or rejects a pending reversal request, with a reason. The requester cannot decide it.',
  body: Obj({ requestId: Id, approve: Type.Boolean(), reason: Reason }),
  data: ReversalRequestRow,
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});

// The dashboard.

const Figure = Obj({ count: Type.Integer(), amount: MoneyString });

export const readDashboard = defineCall({
  path: 'dashboard/summary',
  summary:
    'Users, today’s deposits, withdrawals and traded value (INR, from ledger entry kinds), pending reviews, reconciliation, feed and engine status.',
  body: Empty,
  data: Obj({
    users: Obj({ total: Type.Integer(), newToday: Type.Integer() }),
    today: Obj({
      date: Type.String({ description: 'the IST day, YYYY-MM-DD' }),
      deposits: Figure,
      withdrawals: Figure,
      traded: Figure,
      kinds: Obj({
        deposits: Type.Array(Type.String()),
        withdrawals: Type.Array(Type.String()),
        traded: Type.Array(Type.String()),
      }),
    }),
    pendingReviews: Type.Array(
      Obj({
        queue: Type.String({ description: 'kyc, day_trading, deposits, withdrawals, loans, approvals' }),
        count: Type.Integer(),
        overdue: Type.Integer({ description: 'pending longer than the queue SLA (queue_sla_minutes_*)' }),
        slaMinutes: Type.Integer(),
      }),
    ),
    reconciliation: Nullable(
      Obj({ checkedAt: EpochMs, ok: Type.Boolean(), problems: Type.Integer(), by: Nullable(Type.String()) }),
    ),
    feed: Obj({
      mode: Type.String({ description: 'simulated, none (or live, when a real feed exists)' }),
      controllable: Type.Boolean(),
      lastTickAt: Nullable(EpochMs),
      lastTickAgeMs: Nullable(Type.Number()),
    }),
    engine: Obj({
      running: Type.Boolean(),
      leader: Nullable(Type.String({ description: 'the process holding the engine lock' })),
      since: Nullable(EpochMs),
      note: Type.String(),
    }),
  }),
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

// The market.

const Segment = Type.Union([
  Type.Literal('listed'),
  Type.Literal('otc'),
  Type.Literal('subscription'),
  Type.Literal('auction'),
  Type.Literal('crypto'),
  Type.Literal('forex'),
]);

export const InstrumentRow = Obj({
  symbol: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  segment: Type.String(),
  exchange: Type.String(),
  tickSize: MoneyString,
  priceBandBps: Type.Integer(),
  leverages: Type.Array(Type.Integer()),
  shortable: Type.Boolean(),
  tradable: Type.Boolean(),
  lotSize: Type.Integer(),
});

export const listInstruments = defineCall({
  path: 'market/instruments',
  summary: 'Instruments by symbol or name, kind, segment and tradable; paged.',
  body: Obj({
    query: Type.Optional(Type.String({ maxLength: 40 })),
    kind: Type.Optional(
      Type.Union([
        Type.Literal('equity'),
        Type.Literal('index'),
        Type.Literal('crypto'),
        Type.Literal('forex'),
      ]),
    ),
    segment: Type.Optional(Segment),
    tradable: Type.Optional(Type.Boolean()),
    ...Paging,
  }),
  data: PageOf(InstrumentRow),
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

export const updateInstrument = defineCall({
  path: 'market/updateInstrument',
  summary:
    'Change an instrument’s tradable and shortable switches, leverages, price band, tick or segment, with a reason.',
  body: Obj({
    symbol: Type.String({ minLength: 1, maxLength: 40 }),
    tradable: Type.Optional(Type.Boolean()),
    shortable: Type.Optional(Type.Boolean()),
    leverages: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), {
        minItems: 1,
        maxItems: 10,
        uniqueItems: true,
      }),
    ),
    priceBandBps: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 10_000, description: 'above 0, at most 100%' }),
    ),
    tickSize: Type.Optional(MoneyInput),
    segment: Type.Optional(Segment),
    reason: Reason,
  }),
  data: InstrumentRow,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const CorporateActionRow = Obj({
  id: Type.String(),
  symbol: Type.String(),
  kind: Type.String(),
  exDate: EpochMs,
  ratioFrom: Type.Integer(),
  ratioTo: Type.Integer(),
  dividend: Nullable(MoneyString),
  createdAt: EpochMs,
});

export const listCorporateActions = defineCall({
  path: 'market/corporateActions',
  summary: 'Splits, bonuses and dividends, newest ex-date first; candles are adjusted with them.',
  body: Obj({ symbol: Type.Optional(Type.String({ maxLength: 40 })), ...Paging }),
  data: PageOf(CorporateActionRow),
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

export const addCorporateAction = defineCall({
  path: 'market/addCorporateAction',
  summary:
    'Record a split or bonus (ratio from:to, e.g. 1:2 doubles the shares) or a dividend (per share), with a reason.',
  body: Obj({
    symbol: Type.String({ minLength: 1, maxLength: 40 }),
    kind: Type.Union([Type.Literal('split'), Type.Literal('bonus'), Type.Literal('dividend')]),
    exDate: EpochMs,
    ratioFrom: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })),
    ratioTo: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000 })),
    dividend: Type.Optional(MoneyInput),
    reason: Reason,
  }),
  data: CorporateActionRow,
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});

export const FeedStatus = Obj({
  mode: Type.String(),
  controllable: Type.Boolean(),
  lastTickAt: Nullable(EpochMs),
  lastTickAgeMs: Nullable(Type.Number()),
});

export const readFeedStatus = defineCall({
  path: 'market/feed',
  summary:
    'The market feed: simulated or none, whether this server can switch it, and the age of the last tick.',
  body: Empty,
  data: FeedStatus,
  auth: true,
  mutates: false,
  roles: STAFF_ROLES,
});

export const setFeedMode = defineCall({
  path: 'market/setFeed',
  summary: 'Start (simulated) or stop (none) the built-in simulated feed, with a reason.',
  body: Obj({ mode: Type.Union([Type.Literal('simulated'), Type.Literal('none')]), reason: Reason }),
  data: FeedStatus,
  auth: true,
  mutates: true,
  roles: ['admin'],
});

// The credit-loan quota table (docs/api.md, "Credit-loan quota table (console)"): the quota a credit
// score allows.

export const LoanQuotaTier = Obj({
  minCreditScore: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  quota: MoneyString,
});

export const loanQuotaTable = defineCall({
  path: 'loans/quotaTable',
  summary: 'The credit-loan quota table: each tier’s minimum credit score and the quota it allows.',
  body: Empty,
  data: Obj({ tiers: Type.Array(LoanQuotaTier) }),
  auth: true,
  mutates: false,
  roles: ['admin', 'compliance', 'finance'],
});

export const setLoanQuotaTable = defineCall({
  path: 'loans/setQuotaTable',
  summary:
    'Replace the quota table (at most 50 tiers; each score once; a higher score never allows less), with a reason.',
  body: Obj({
    tiers: Type.Array(
      Obj({ minCreditScore: Type.Integer({ minimum: 0, maximum: 1_000_000 }), quota: MoneyInput }),
      { maxItems: 50 },
    ),
    reason: Type.String({ minLength: 3, maxLength: 500 }),
  }),
  data: Obj({ tiers: Type.Array(LoanQuotaTier) }),
  auth: true,
  mutates: true,
  roles: ['admin', 'compliance'],
});
