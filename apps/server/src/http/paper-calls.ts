/**
 * Which investor calls a session in paper trading may make, and as whom (docs/adr/0026-paper-trading.md):
 *
 * - 'book': the call trades or reads the ledger book, and acts as the paper account (orders,
 *   positions, holdings, statements, contract notes, the account centre's balances);
 * - 'person': the call is about the investor, not money, and acts as the investor (security,
 *   sessions, messages, watchlists, market data, KYC, API apps, the paper switch itself).
 *
 * Every other call is refused with PAPER_NOT_ALLOWED: deposits, withdrawals, payout destinations'
 * changes, exchange, loans, IPO, lending, copy trading, block deals, check-in rewards, closing the
 * account, and any call added later until it is listed here. Refusing by default is what keeps a
 * new money-moving feature from running in paper by accident.
 */
export type PaperScope = 'book' | 'person';

const BOOK_PREFIXES = ['trade/', 'portfolio/', 'contractNote/'];
const BOOK_CALLS = new Set(['user/getUserinfo', 'user/statement', 'user/statementCsv', 'user/fundRecords']);

const PERSON_PREFIXES = ['market/', 'news/', 'message/', 'favorite/', 'apiApps/', 'paper/', 'upload/file'];
const PERSON_CALLS = new Set([
  'common/config',
  'parameter/zhishu',
  'user/logout',
  'user/sessions',
  'user/revokeSession',
  'user/changePassword',
  'user/setFundPassword',
  'user/twoFactorStatus',
  'user/twoFactorEnroll',
  'user/twoFactorConfirm',
  'user/twoFactorDisable',
  'user/authInfo',
  'user/authSubmit',
  'dayTrading/status',
  'dayTrading/apply',
  'bank/list',
  'wallet/list',
  'checkin/status',
  'exchange/rates',
]);

/** The scope of an investor call path (`trade/open`, from `/api/vue/trade/open?…`), or undefined: refused in paper. */
export function paperScopeOf(url: string): PaperScope | undefined {
  const path = (url.split('?')[0] ?? '').replace(/^\/api\/vue\//, '');
  if (BOOK_CALLS.has(path) || BOOK_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'book';
  if (PERSON_CALLS.has(path) || PERSON_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'person';
  return undefined;
}

/** The reply header that marks every answer to a session in paper (with the envelope's `book`). */
export const PAPER_BOOK_HEADER = 'nivesh-book';

/**
 * Whether a call's answer says for itself which book the session is in (`data.active`): the paper
 * calls, whose switch changes the book during the call, so the marker follows the answer.
 */
export function answersItsOwnBook(path: string): boolean {
  return path.startsWith('paper/');
}
