import { Type } from 'typebox';
import { defineCall, EpochMs, MoneyString, Obj } from '../schema.js';

export const STATEMENT_PAGE_MAX = 100;

/** The spec's fund-record tabs, each a family of entry kinds (`trade_…`, `deposit_…`, `withdrawal_…`). */
export const StatementTab = Type.Union([
  Type.Literal('trade'),
  Type.Literal('recharge'),
  Type.Literal('withdrawal'),
]);

export const StatementFilter = Obj({
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3,5}$' })),
  kind: Type.Optional(Type.String({ pattern: '^[a-z_]{2,40}$' })),
  tab: Type.Optional(StatementTab),
  cursor: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,19}$', description: 'nextCursor of the previous page' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STATEMENT_PAGE_MAX })),
});

export const StatementRow = Obj({
  postingId: Type.String(),
  entryId: Type.String(),
  time: EpochMs,
  kind: Type.String(),
  referenceType: Type.Union([Type.String(), Type.Null()]),
  reference: Type.Union([Type.String(), Type.Null()]),
  account: Type.String({ description: 'the account purpose: cash, withdrawal_hold, margin, ...' }),
  currency: Type.String(),
  amount: MoneyString,
  balanceAfter: MoneyString,
});

export const statement = defineCall({
  path: 'user/statement',
  summary:
    'Every posting on the investor’s accounts, newest first, with the running balance; cursor paging; filters by currency, kind or fund-record tab.',
  body: StatementFilter,
  data: Obj({ items: Type.Array(StatementRow), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
  auth: true,
  mutates: false,
});

/** The same rows as CSV (not in the envelope: `text/csv` with a download name). At most 10,000 rows. */
export const statementCsv = defineCall({
  path: 'user/statementCsv',
  summary: 'The statement as a CSV download (text/csv), newest first, at most 10,000 rows.',
  body: Obj({
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3,5}$' })),
    kind: Type.Optional(Type.String({ pattern: '^[a-z_]{2,40}$' })),
    tab: Type.Optional(StatementTab),
  }),
  data: Type.String(),
  auth: true,
  mutates: false,
});
