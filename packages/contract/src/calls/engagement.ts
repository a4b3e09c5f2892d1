import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyInput, MoneyString, Obj } from '../schema.js';

/**
 * Messages, check-in and news (docs/api.md, "Messages, check-in and news"): investor calls under
 * /api/vue/, staff calls under /api/console/. Content staff edit the news; check-in rewards are
 * money, so finance saves them.
 */

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });
const Cursor = Type.Optional(
  Type.String({ pattern: '^[0-9]{1,19}$', description: 'nextCursor of the previous page' }),
);
const PageLimit = Type.Optional(Type.Integer({ minimum: 1, maximum: 50 }));
const NextCursor = Type.Union([Type.String(), Type.Null()]);
const Reason = Type.String({ minLength: 3, maxLength: 500, description: 'why, recorded in the audit log' });

// Messages.

export const MessageItem = Obj({
  id: Type.String(),
  kind: Type.String(),
  title: Type.String({ description: 'in the request language' }),
  body: Type.String({ description: 'in the request language' }),
  time: EpochMs,
  read: Type.Boolean(),
});

export const listMessages = defineCall({
  path: 'message/list',
  summary: 'The investor’s notices, newest first, rendered in the request language; cursor paging.',
  body: Obj({ cursor: Cursor, limit: PageLimit }),
  data: Obj({ items: Type.Array(MessageItem), nextCursor: NextCursor, unread: Type.Integer() }),
  auth: true,
  mutates: false,
});

export const unreadMessages = defineCall({
  path: 'message/unreadCount',
  summary: 'How many notices are unread (the account tab and the top bar’s bell show it).',
  body: Empty,
  data: Obj({ unread: Type.Integer() }),
  auth: true,
  mutates: false,
});

export const readMessages = defineCall({
  path: 'message/read',
  summary: 'Mark the given notices (or all with `all: true`) as read; answers the unread count.',
  body: Obj({ ids: Type.Optional(Type.Array(Id, { maxItems: 100 })), all: Type.Optional(Type.Boolean()) }),
  data: Obj({ unread: Type.Integer() }),
  auth: true,
  mutates: true,
});

// Check-in.

export const CheckinReward = Obj({
  id: Type.String(),
  requiredCount: Type.Integer({ description: 'check-ins needed to claim' }),
  amount: MoneyString,
  claimed: Type.Boolean(),
  claimable: Type.Boolean(),
});

export const checkinStatus = defineCall({
  path: 'checkin/status',
  summary:
    'Today’s check-in state (IST day), total count, current streak, the days checked in this IST month, and the rewards.',
  body: Empty,
  data: Obj({
    today: Type.String({ description: 'the IST date, YYYY-MM-DD' }),
    checkedInToday: Type.Boolean(),
    count: Type.Integer(),
    streak: Type.Integer(),
    monthDays: Type.Array(Type.String(), { description: 'YYYY-MM-DD dates checked in this IST month' }),
    rewards: Type.Array(CheckinReward),
  }),
  auth: true,
  mutates: false,
});

export const checkIn = defineCall({
  path: 'checkin/checkIn',
  summary: 'Check in for today (IST). A second check-in the same day answers ALREADY_CHECKED_IN.',
  body: Empty,
  data: Obj({ day: Type.String(), count: Type.Integer(), streak: Type.Integer() }),
  auth: true,
  operation: 'checkIn',
  mutates: true,
});

export const claimCheckinReward = defineCall({
  path: 'checkin/claim',
  summary:
    'Claim a check-in reward: its amount is credited to cash by a ledger entry. Refused with CHECKIN_COUNT_INSUFFICIENT below its count, REPEATED_OPERATION when claimed before.',
  body: Obj({ rewardId: Id }),
  data: Obj({ amount: MoneyString }),
  auth: true,
  mutates: true,
});

// News.

export const NewsSummary = Obj({
  id: Type.String(),
  title: Type.String(),
  coverUrl: Type.Union([Type.String(), Type.Null()]),
  summary: Type.String({ description: 'the first 160 characters of the body as text' }),
  publishedAt: EpochMs,
});

export const listNews = defineCall({
  path: 'news/list',
  summary: 'Published news in the request language, newest first; cursor paging. No session needed.',
  body: Obj({ cursor: Cursor, limit: PageLimit }),
  data: Obj({ items: Type.Array(NewsSummary), nextCursor: NextCursor }),
  auth: false,
  mutates: false,
});

export const newsDetail = defineCall({
  path: 'news/detail',
  summary: 'One published news item; the body is sanitised HTML.',
  body: Obj({ id: Id }),
  data: Obj({
    id: Type.String(),
    language: Type.String(),
    title: Type.String(),
    coverUrl: Type.Union([Type.String(), Type.Null()]),
    bodyHtml: Type.String(),
    publishedAt: EpochMs,
  }),
  auth: false,
  mutates: false,
});

// Staff: news and check-in rewards.

const Language = Type.Union([Type.Literal('en'), Type.Literal('hi'), Type.Literal('zh')]);

export const StaffNewsItem = Obj({
  id: Type.String(),
  language: Type.String(),
  title: Type.String(),
  coverUrl: Type.Union([Type.String(), Type.Null()]),
  bodyHtml: Type.String(),
  publishedAt: Type.Union([EpochMs, Type.Null()]),
  updatedAt: EpochMs,
});

export const staffListNews = defineCall({
  path: 'news/list',
  summary: 'All news (drafts, scheduled and published), newest first; filter by language; paged.',
  body: Obj({ language: Type.Optional(Language), cursor: Cursor, limit: PageLimit }),
  data: Obj({ items: Type.Array(StaffNewsItem), nextCursor: NextCursor }),
  auth: true,
  mutates: false,
  roles: ['admin', 'content'],
});

export const staffSaveNews = defineCall({
  path: 'news/save',
  summary:
    'Create (no id) or edit a news item. The body is sanitised (no scripts, event handlers or javascript: links); publishAt null keeps it a draft, a future time schedules it.',
  body: Obj({
    id: Type.Optional(Id),
    language: Language,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    coverUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    bodyHtml: Type.String({ minLength: 1, maxLength: 100_000 }),
    publishAt: Type.Union([EpochMs, Type.Null()]),
  }),
  data: StaffNewsItem,
  auth: true,
  mutates: true,
  roles: ['admin', 'content'],
});

export const staffDeleteNews = defineCall({
  path: 'news/delete',
  summary: 'Withdraw a news item (kept for the audit log, no longer shown), with a reason.',
  body: Obj({ id: Id, reason: Reason }),
  data: Type.Null(),
  auth: true,
  mutates: true,
  roles: ['admin', 'content'],
});

export const staffListCheckinRewards = defineCall({
  path: 'checkin/rewards',
  summary: 'The check-in reward table.',
  body: Empty,
  data: Obj({
    items: Type.Array(
      Obj({ id: Type.String(), requiredCount: Type.Integer(), amount: MoneyString, active: Type.Boolean() }),
    ),
  }),
  auth: true,
  mutates: false,
  roles: ['admin', 'finance', 'content'],
});

export const staffSaveCheckinReward = defineCall({
  path: 'checkin/saveReward',
  summary: 'Add or change a reward row (check-ins needed, amount in rupees, active), with a reason.',
  body: Obj({
    id: Type.Optional(Id),
    requiredCount: Type.Integer({ minimum: 1, maximum: 3660 }),
    amount: MoneyInput,
    active: Type.Boolean(),
    reason: Reason,
  }),
  data: Obj({ id: Type.String() }),
  auth: true,
  mutates: true,
  roles: ['admin', 'finance'],
});
