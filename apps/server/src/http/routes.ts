import {
  addCalendarDay,
  addToWatchlist,
  changePassword,
  checkIn,
  checkinStatus,
  claimCheckinReward,
  config,
  createWatchlist,
  deleteWatchlist,
  getUserinfo,
  issueResetCode,
  kline,
  listCalendarDays,
  listMessages,
  listNews,
  listSessions,
  listWatchlists,
  login,
  logout,
  newsDetail,
  readMessages,
  register,
  removeFromWatchlist,
  reorderWatchlist,
  resetPassword,
  reverseLedgerEntry,
  revokeOwnSession,
  runReconciliation,
  setFundPassword,
  setUserFlag,
  staffDeleteNews,
  staffEnrollTotp,
  staffListCheckinRewards,
  staffListNews,
  staffLogin,
  staffLogout,
  staffMe,
  staffSaveCheckinReward,
  staffSaveNews,
  statement,
  statementCsv,
  unreadMessages,
  zhishu,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { changeLoginPassword } from '../use-cases/accounts/change-login-password.js';
import { getUserInfo } from '../use-cases/accounts/get-user-info.js';
import { logInInvestor } from '../use-cases/accounts/log-in-investor.js';
import { logOut } from '../use-cases/accounts/log-out.js';
import { listOwnSessions, revokeOtherSession } from '../use-cases/accounts/manage-own-sessions.js';
import { registerInvestor } from '../use-cases/accounts/register-investor.js';
import { resetLoginPassword } from '../use-cases/accounts/reset-login-password.js';
import { setFundPassword as setFundPasswordUseCase } from '../use-cases/accounts/set-fund-password.js';
import { addCalendarDay as addCalendarDayUseCase } from '../use-cases/calendar/add-calendar-day.js';
import { listCalendarDays as listCalendarDaysUseCase } from '../use-cases/calendar/list-calendar-days.js';
import { checkInToday } from '../use-cases/checkin/check-in.js';
import { claimReward } from '../use-cases/checkin/claim-checkin-reward.js';
import { listCheckinRewards } from '../use-cases/checkin/list-checkin-rewards.js';
import { readCheckinStatus } from '../use-cases/checkin/read-checkin-status.js';
import { saveCheckinReward } from '../use-cases/checkin/save-checkin-reward.js';
import { readStatement, readStatementCsv } from '../use-cases/ledger/read-statement.js';
import { reverseJournalEntry } from '../use-cases/ledger/reverse-entry.js';
import { runStaffReconciliation } from '../use-cases/ledger/run-reconciliation.js';
import { listIndices } from '../use-cases/market/list-indices.js';
import { readKline } from '../use-cases/market/read-kline.js';
import { readPublicConfig } from '../use-cases/market/read-public-config.js';
import { countUnread } from '../use-cases/messages/count-unread.js';
import { listUserMessages } from '../use-cases/messages/list-messages.js';
import { markMessagesRead } from '../use-cases/messages/read-messages.js';
import { deleteNews, listAllNews, saveNews } from '../use-cases/news/manage-news.js';
import { listPublishedNews, readPublishedNews } from '../use-cases/news/read-news.js';
import { issueResetCode as issueResetCodeUseCase } from '../use-cases/staff/issue-reset-code.js';
import { setUserFlag as setUserFlagUseCase } from '../use-cases/staff/set-user-flag.js';
import { confirmTotpEnrollment, staffSignIn } from '../use-cases/staff/staff-sign-in.js';
import { revokeStaffSession } from '../use-cases/staff/staff-sign-out.js';
import * as watchlists from '../use-cases/watchlists/manage-watchlists.js';
import { registerAlertRoutes } from './alerts.routes.js';
import { registerApiAppRoutes } from './api-apps.routes.js';
import { registerBackOfficeRoutes } from './back-office.routes.js';
import { registerBankStatementRoutes } from './bank-statements.routes.js';
import { registerBlockRoutes } from './block.routes.js';
import { registerChargesRoutes } from './charges.routes.js';
import { registerConsoleOperationRoutes } from './console.routes.js';
import { registerCustomerViewRoutes } from './customer-view.routes.js';
import { registerDailyReportRoutes } from './daily-reports.routes.js';
import { registerFollowRoutes } from './follow.routes.js';
import { registerFundsRoutes } from './funds.routes.js';
import { registerGttRoutes } from './gtt.routes.js';
import { registerIpoRoutes } from './ipo.routes.js';
import { registerKiteRoutes } from './kite/kite-plugin.js';
import { registerLendingRoutes } from './lending.routes.js';
import { registerLoanRoutes } from './loans.routes.js';
import { registerMarketRoutes } from './market.routes.js';
import { registerPaperRoutes } from './paper.routes.js';
import type { RateLimits } from './rate-limits.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall, registerPublicConsoleCall } from './register-console-call.js';
import { registerInvestorFileCall, registerReportRoutes } from './reports.routes.js';
import { registerSecurityRoutes } from './security.routes.js';
import { registerStaffAdminRoutes } from './staff-admin.routes.js';
import { registerTradeRoutes } from './trade.routes.js';

/** Every route of the API: thin lines from a contract call to its use case. */
export function registerRoutes(app: FastifyInstance, deps: AppDeps, limits: RateLimits): void {
  // The four calls the spec documents.
  registerCall(app, deps, config, () => readPublicConfig(deps));
  registerCall(app, deps, getUserinfo, (_body, context) => getUserInfo(deps, context));
  registerCall(app, deps, zhishu, () => listIndices(deps));
  registerCall(app, deps, kline, (body) => readKline(deps, body));

  // Investor accounts and sessions.
  registerCall(app, deps, register, (body, context) => registerInvestor(deps, context, body), {
    preHandler: [limits.registerPerAddress],
    replayable: false,
  });
  registerCall(app, deps, login, (body, context) => logInInvestor(deps, context, body), {
    preHandler: [limits.loginPerAddress, limits.loginPerAccount],
    replayable: false,
  });
  registerCall(app, deps, logout, (_body, context) => logOut(deps, context));
  registerCall(app, deps, listSessions, (_body, context) => listOwnSessions(deps, context));
  registerCall(app, deps, revokeOwnSession, (body, context) => revokeOtherSession(deps, context, body));
  registerCall(app, deps, changePassword, (body, context) => changeLoginPassword(deps, context, body));
  registerCall(app, deps, setFundPassword, (body, context) => setFundPasswordUseCase(deps, context, body));
  registerCall(app, deps, resetPassword, (body, context) => resetLoginPassword(deps, context, body), {
    preHandler: [limits.resetPerAccount],
  });

  registerMarketRoutes(app, deps);
  registerFundsRoutes(app, deps);
  registerTradeRoutes(app, deps);
  registerChargesRoutes(app, deps);
  registerBlockRoutes(app, deps);
  registerLendingRoutes(app, deps);
  registerLoanRoutes(app, deps);
  registerFollowRoutes(app, deps);
  registerAlertRoutes(app, deps);
  registerIpoRoutes(app, deps);
  registerSecurityRoutes(app, deps, limits);
  registerStaffAdminRoutes(app, deps);
  registerCustomerViewRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerApiAppRoutes(app, deps);
  registerGttRoutes(app, deps);
  registerKiteRoutes(app, deps, limits);
  registerPaperRoutes(app, deps);
  registerDailyReportRoutes(app, deps);

  // Watchlists.
  registerCall(app, deps, listWatchlists, (_body, context) => watchlists.listWatchlists(deps.db, context));
  registerCall(app, deps, createWatchlist, (body, context) =>
    watchlists.createWatchlist(deps.db, context, body),
  );
  registerCall(app, deps, deleteWatchlist, (body, context) =>
    watchlists.deleteWatchlist(deps.db, context, body),
  );
  registerCall(app, deps, addToWatchlist, (body, context) =>
    watchlists.addToWatchlist(deps.db, context, body),
  );
  registerCall(app, deps, removeFromWatchlist, (body, context) =>
    watchlists.removeFromWatchlist(deps.db, context, body),
  );
  registerCall(app, deps, reorderWatchlist, (body, context) =>
    watchlists.reorderWatchlist(deps.db, context, body),
  );

  // The ledger as the investor sees it.
  registerCall(app, deps, statement, (body, context) => readStatement(deps.db, context.user.id, body));
  registerInvestorFileCall(app, deps, statementCsv, async (body, user) => ({
    bytes: await readStatementCsv(deps.db, user.id, body),
    contentType: 'text/csv; charset=utf-8',
    fileName: 'nivesh-statement.csv',
  }));

  // The staff console.
  registerPublicConsoleCall(app, deps, staffLogin, (body, context) => staffSignIn(deps, context, body), [
    limits.loginPerAddress,
  ]);
  registerPublicConsoleCall(app, deps, staffEnrollTotp, (body, context) =>
    confirmTotpEnrollment(deps, context, body),
  );
  registerConsoleCall(app, deps, staffLogout, (_body, context) => revokeStaffSession(deps, context));
  registerConsoleCall(app, deps, staffMe, async (_body, context) => ({
    id: String(context.staff.id),
    username: context.staff.username,
    displayName: context.staff.displayName,
    roles: [...context.staff.roles],
  }));
  registerConsoleCall(app, deps, issueResetCode, (body, context) =>
    issueResetCodeUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, setUserFlag, (body, context) => setUserFlagUseCase(deps, context, body));
  registerConsoleCall(app, deps, reverseLedgerEntry, (body, context) =>
    reverseJournalEntry(deps, context, body),
  );
  registerConsoleCall(app, deps, runReconciliation, (_body, context) =>
    runStaffReconciliation(deps, context),
  );

  // Market data: the trading calendar (docs/adr/0002-trading-calendar.md).
  registerConsoleCall(app, deps, addCalendarDay, (body, context) =>
    addCalendarDayUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, listCalendarDays, (body) => listCalendarDaysUseCase(deps, body));

  registerConsoleOperationRoutes(app, deps);
  registerBackOfficeRoutes(app, deps);
  registerBankStatementRoutes(app, deps);
  registerEngagementRoutes(app, deps);
}

/** Messages, check-in and news (docs/api.md, "Messages, check-in and news"). */
function registerEngagementRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, listMessages, (body, context) => listUserMessages(deps, context, body));
  registerCall(app, deps, unreadMessages, (_body, context) => countUnread(deps, context));
  registerCall(app, deps, readMessages, (body, context) => markMessagesRead(deps, context, body));
  registerCall(app, deps, checkinStatus, (_body, context) => readCheckinStatus(deps, context));
  registerCall(app, deps, checkIn, (_body, context) => checkInToday(deps, context));
  registerCall(app, deps, claimCheckinReward, (body, context) => claimReward(deps, context, body));
  registerCall(app, deps, listNews, (body, context) => listPublishedNews(deps, context, body));
  registerCall(app, deps, newsDetail, (body, context) => readPublishedNews(deps, context, body));

  registerConsoleCall(app, deps, staffListNews, (body) => listAllNews(deps, body));
  registerConsoleCall(app, deps, staffSaveNews, (body, context) => saveNews(deps, context, body));
  registerConsoleCall(app, deps, staffDeleteNews, (body, context) => deleteNews(deps, context, body));
  registerConsoleCall(app, deps, staffListCheckinRewards, () => listCheckinRewards(deps));
  registerConsoleCall(app, deps, staffSaveCheckinReward, (body, context) =>
    saveCheckinReward(deps, context, body),
  );
}
