import * as alerts from './calls/alerts.js';
import * as apiApps from './calls/api-apps.js';
import * as backOffice from './calls/back-office.js';
import * as bankStatements from './calls/bank-statements.js';
import * as block from './calls/block.js';
import * as calendar from './calls/calendar.js';
import * as charges from './calls/charges.js';
import * as staff from './calls/console.js';
import * as consoleOperations from './calls/console-operations.js';
import * as customerView from './calls/customer-view.js';
import * as dailyReports from './calls/daily-reports.js';
import * as dayTrading from './calls/day-trading.js';
import * as engagement from './calls/engagement.js';
import * as favorite from './calls/favorite.js';
import * as follow from './calls/follow.js';
import * as funds from './calls/funds.js';
import * as fundsConsole from './calls/funds-console.js';
import * as gtt from './calls/gtt.js';
import * as ipo from './calls/ipo.js';
import * as lending from './calls/lending.js';
import * as loan from './calls/loan.js';
import * as market from './calls/market.js';
import * as marketBasic from './calls/market-basic.js';
import * as opsAlerts from './calls/ops-alerts.js';
import * as paper from './calls/paper.js';
import * as passkeys from './calls/passkeys.js';
import * as reports from './calls/reports.js';
import * as security from './calls/security.js';
import * as staffAdmin from './calls/staff-admin.js';
import * as statement from './calls/statement.js';
import * as trade from './calls/trade.js';
import * as user from './calls/user.js';
import type { ConsoleCallDefinition, InvestorCallDefinition } from './schema.js';

const CALL_MODULES = [
  alerts,
  opsAlerts,
  apiApps,
  gtt,
  backOffice,
  bankStatements,
  block,
  calendar,
  charges,
  staff,
  consoleOperations,
  customerView,
  dailyReports,
  dayTrading,
  engagement,
  favorite,
  follow,
  funds,
  fundsConsole,
  ipo,
  lending,
  loan,
  market,
  marketBasic,
  paper,
  security,
  staffAdmin,
  passkeys,
  reports,
  statement,
  trade,
  user,
];

const isConsoleCallExport = (value: unknown): value is ConsoleCallDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  (value as { roles?: unknown }).roles !== undefined;

/**
 * Every console call of the contract: each exported definition that names its roles. The server's
 * authorization matrix test checks that exactly these are mounted, each with its own roles.
 */
export const CONSOLE_CALLS: readonly ConsoleCallDefinition[] = [
  ...new Set(CALL_MODULES.flatMap((module) => Object.values(module)).filter(isConsoleCallExport)),
];

const isInvestorCallExport = (value: unknown): value is InvestorCallDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { path?: unknown }).path === 'string' &&
  typeof (value as { auth?: unknown }).auth === 'boolean' &&
  (value as { roles?: unknown }).roles === undefined;

/**
 * Every investor call of the contract (mounted at `/api/vue/<path>`): each exported definition
 * without roles. The OpenAPI documents and the server's permanent suites (authorization matrix,
 * schema fuzz, idempotency) enumerate it, so a new call is described and tried without a list to
 * keep by hand.
 */
export const INVESTOR_CALLS: readonly InvestorCallDefinition[] = [
  ...new Set(CALL_MODULES.flatMap((module) => Object.values(module)).filter(isInvestorCallExport)),
];

/**
 * A call's OpenAPI operationId, derived from its path so it never changes while the path does not:
 * `user/login` is `userLogin`, the console's `users/issueResetCode` is `consoleUsersIssueResetCode`.
 */
export function operationIdOf(call: { path: string; roles?: unknown }): string {
  const words = [...(call.roles === undefined ? [] : ['console']), ...call.path.split('/')];
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}
