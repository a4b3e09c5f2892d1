import {
  addToWatchlist,
  type BodyOf,
  CONSOLE_ROLES,
  changePassword,
  config,
  createWatchlist,
  deleteWatchlist,
  getUserinfo,
  issueResetCode,
  kline,
  listWatchlists,
  login,
  logout,
  register,
  removeFromWatchlist,
  reorderWatchlist,
  resetPassword,
  reverseLedgerEntry,
  runReconciliation,
  setFundPassword,
  setUserFlag,
  staffEnrollTotp,
  staffLogin,
  staffLogout,
  staffMe,
  statement,
  statementCsv,
  zhishu,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import { changeLoginPassword } from '../use-cases/accounts/change-login-password.js';
import { getUserInfo } from '../use-cases/accounts/get-user-info.js';
import { logInInvestor } from '../use-cases/accounts/log-in-investor.js';
import { logOut } from '../use-cases/accounts/log-out.js';
import { registerInvestor } from '../use-cases/accounts/register-investor.js';
import { resetLoginPassword } from '../use-cases/accounts/reset-login-password.js';
import { setFundPassword as setFundPasswordUseCase } from '../use-cases/accounts/set-fund-password.js';
import { readStatement, readStatementCsv } from '../use-cases/ledger/read-statement.js';
import { reverseJournalEntry } from '../use-cases/ledger/reverse-entry.js';
import { runStaffReconciliation } from '../use-cases/ledger/run-reconciliation.js';
import { listIndices } from '../use-cases/market/list-indices.js';
import { readKline } from '../use-cases/market/read-kline.js';
import { readPublicConfig } from '../use-cases/market/read-public-config.js';
import { issueResetCode as issueResetCodeUseCase } from '../use-cases/staff/issue-reset-code.js';
import { setUserFlag as setUserFlagUseCase } from '../use-cases/staff/set-user-flag.js';
import { confirmTotpEnrollment, staffSignIn } from '../use-cases/staff/staff-sign-in.js';
import { revokeStaffSession } from '../use-cases/staff/staff-sign-out.js';
import * as watchlists from '../use-cases/watchlists/manage-watchlists.js';
import { authenticateInvestor } from './authenticate.js';
import { registerConsoleOperationRoutes } from './console.routes.js';
import type { AppDeps } from './context.js';
import { registerMarketRoutes } from './market.routes.js';
import type { RateLimits } from './rate-limits.js';
import { callSchema, registerCall, requestContext, sendError } from './register-call.js';
import { registerConsoleCall, registerPublicConsoleCall } from './register-console-call.js';

const rolesOf = (path: string) => CONSOLE_ROLES[path] ?? [];

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
  registerCall(app, deps, changePassword, (body, context) => changeLoginPassword(deps, context, body));
  registerCall(app, deps, setFundPassword, (body, context) => setFundPasswordUseCase(deps, context, body));
  registerCall(app, deps, resetPassword, (body, context) => resetLoginPassword(deps, context, body), {
    preHandler: [limits.resetPerAccount],
  });

  registerMarketRoutes(app, deps);

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
  app.post(
    `/api/vue/${statementCsv.path}`,
    { schema: callSchema(statementCsv, [{ token: [], account: [] }]) },
    async (request, reply) => {
      const context = requestContext(deps, request);
      try {
        const user = await authenticateInvestor(deps, request);
        const csv = await readStatementCsv(deps.db, user.id, request.body as BodyOf<typeof statementCsv>);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="nivesh-statement.csv"')
          .send(csv);
      } catch (error) {
        return sendError(reply, error, context);
      }
    },
  );

  // The staff console.
  registerPublicConsoleCall(app, deps, staffLogin, (body, context) => staffSignIn(deps, context, body), [
    limits.loginPerAddress,
  ]);
  registerPublicConsoleCall(app, deps, staffEnrollTotp, (body, context) =>
    confirmTotpEnrollment(deps, context, body),
  );
  registerConsoleCall(app, deps, staffLogout, rolesOf(staffLogout.path), (_body, context) =>
    revokeStaffSession(deps, context),
  );
  registerConsoleCall(app, deps, staffMe, rolesOf(staffMe.path), async (_body, context) => ({
    id: String(context.staff.id),
    username: context.staff.username,
    displayName: context.staff.displayName,
    roles: [...context.staff.roles],
  }));
  registerConsoleCall(app, deps, issueResetCode, rolesOf(issueResetCode.path), (body, context) =>
    issueResetCodeUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, setUserFlag, rolesOf(setUserFlag.path), (body, context) =>
    setUserFlagUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, reverseLedgerEntry, rolesOf(reverseLedgerEntry.path), (body, context) =>
    reverseJournalEntry(deps, context, body),
  );
  registerConsoleCall(app, deps, runReconciliation, rolesOf(runReconciliation.path), (_body, context) =>
    runStaffReconciliation(deps, context),
  );
  registerConsoleOperationRoutes(app, deps);
}
