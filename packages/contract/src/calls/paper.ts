import { Type } from 'typebox';
import { defineCall, Empty, EpochMs, MoneyString, Obj } from '../schema.js';

/**
 * Paper trading (docs/adr/0026-paper-trading.md): an investor switches the session to a paper
 * account with ₹1,00,00,000 of virtual cash in its own ledger book, trades it with the same prices,
 * rules and charges, resets it, and switches back. While a session is in paper, every answer
 * carries `book: "paper"` and the header `nivesh-book: paper`.
 */

const PaperStatus = Obj({
  active: Type.Boolean({ description: 'true while this session acts in the paper book' }),
  hasAccount: Type.Boolean({ description: 'whether the investor has opened a paper account' }),
  startingCash: MoneyString,
  resetCount: Type.Integer({ minimum: 0 }),
  openedAt: Type.Union([EpochMs, Type.Null()], { description: 'when the current paper account was opened' }),
});

export const paperStatus = defineCall({
  path: 'paper/status',
  summary: 'Whether this session trades in paper, and the investor’s paper account.',
  body: Empty,
  data: PaperStatus,
  auth: true,
  mutates: false,
});

export const switchPaperBook = defineCall({
  path: 'paper/switch',
  summary:
    'Switches this session to the paper account (opened with ₹1,00,00,000 of virtual cash the first time) or back to the real account. Audited.',
  body: Obj({ book: Type.Union([Type.Literal('paper'), Type.Literal('real')]) }),
  data: PaperStatus,
  auth: true,
  mutates: true,
});

export const resetPaperAccount = defineCall({
  path: 'paper/reset',
  summary:
    'Resets the paper account: its pending orders are cancelled and a fresh paper account with ₹1,00,00,000 and no positions replaces it. Audited.',
  body: Empty,
  data: PaperStatus,
  auth: true,
  mutates: true,
});
