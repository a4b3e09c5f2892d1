import {
  addCorporateAction,
  CONSOLE_ROLES,
  decideReversal,
  listAudit,
  listConfig,
  listCorporateActions,
  listInstruments,
  listParameters,
  listReversalRequests,
  loanQuotaTable,
  readDashboard,
  readFeedStatus,
  readLedgerEntry,
  readUserDetail,
  readUserMessages,
  readUserPositions,
  readUserStatement,
  revokeUserSession,
  searchLedgerEntries,
  searchUsers,
  setCreditScore,
  setFeedMode,
  setLoanQuotaTable,
  updateConfig,
  updateInstrument,
  updateParameter,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { listAudit as listAuditUseCase } from '../use-cases/audit/list-audit.js';
import {
  listConfig as listConfigUseCase,
  updateConfig as updateConfigUseCase,
} from '../use-cases/config/manage-config.js';
import { readDashboardSummary } from '../use-cases/dashboard/read-dashboard.js';
import { readEntry } from '../use-cases/ledger/read-entry.js';
import { readStatement } from '../use-cases/ledger/read-statement.js';
import {
  decideReversal as decideReversalUseCase,
  listRequests,
} from '../use-cases/ledger/reversal-requests.js';
import { searchEntries } from '../use-cases/ledger/search-entries.js';
import { readLoanQuotaTable, replaceLoanQuotaTable } from '../use-cases/loans/loan-quota-table.js';
import { addAction, listActions } from '../use-cases/market/corporate-actions.js';
import { readFeed, setFeed } from '../use-cases/market/feed-control.js';
import {
  listStaffInstruments,
  updateInstrument as updateInstrumentUseCase,
} from '../use-cases/market/manage-instruments.js';
import { listParameters as listParametersUseCase } from '../use-cases/parameters/list-parameters.js';
import { updateParameter as updateParameterUseCase } from '../use-cases/parameters/update-parameter.js';
import { readUserDetail as readUserDetailUseCase } from '../use-cases/users/read-user-detail.js';
import { readUserMessages as readUserMessagesUseCase } from '../use-cases/users/read-user-messages.js';
import { readUserPositions as readUserPositionsUseCase } from '../use-cases/users/read-user-positions.js';
import { revokeUserSession as revokeUserSessionUseCase } from '../use-cases/users/revoke-user-session.js';
import { searchUsers as searchUsersUseCase } from '../use-cases/users/search-users.js';
import { setCreditScore as setCreditScoreUseCase } from '../use-cases/users/set-credit-score.js';
import { registerConsoleCall } from './register-console-call.js';

const rolesOf = (path: string) => CONSOLE_ROLES[path] ?? [];

/** The staff console's operations (issue 9): thin lines from each contract call to its use case. */
export function registerConsoleOperationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerConsoleCall(app, deps, listParameters, rolesOf(listParameters.path), () =>
    listParametersUseCase(db),
  );
  registerConsoleCall(app, deps, updateParameter, rolesOf(updateParameter.path), (body, context) =>
    updateParameterUseCase(deps, context, body),
  );

  registerConsoleCall(app, deps, listConfig, rolesOf(listConfig.path), () => listConfigUseCase(db));
  registerConsoleCall(app, deps, updateConfig, rolesOf(updateConfig.path), (body, context) =>
    updateConfigUseCase(deps, context, body),
  );

  registerConsoleCall(app, deps, searchUsers, rolesOf(searchUsers.path), (body) =>
    searchUsersUseCase(db, body),
  );
  registerConsoleCall(app, deps, readUserDetail, rolesOf(readUserDetail.path), (body, context) =>
    readUserDetailUseCase(db, context.nowMs, body),
  );
  registerConsoleCall(app, deps, readUserStatement, rolesOf(readUserStatement.path), async (body) => {
    const { userId, ...filter } = body;
    return readStatement(db, BigInt(userId), filter);
  });
  // Users: positions and messages (issue 9, item 4).
  registerConsoleCall(app, deps, readUserPositions, rolesOf(readUserPositions.path), (body, context) =>
    readUserPositionsUseCase(deps, context.nowMs, body),
  );
  registerConsoleCall(app, deps, readUserMessages, rolesOf(readUserMessages.path), (body) =>
    readUserMessagesUseCase(db, body),
  );
  registerConsoleCall(app, deps, revokeUserSession, rolesOf(revokeUserSession.path), (body, context) =>
    revokeUserSessionUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, setCreditScore, rolesOf(setCreditScore.path), (body, context) =>
    setCreditScoreUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, loanQuotaTable, rolesOf(loanQuotaTable.path), () =>
    readLoanQuotaTable(deps),
  );
  registerConsoleCall(app, deps, setLoanQuotaTable, rolesOf(setLoanQuotaTable.path), (body, context) =>
    replaceLoanQuotaTable(deps, context, body),
  );

  registerConsoleCall(app, deps, listAudit, rolesOf(listAudit.path), (body) => listAuditUseCase(db, body));

  registerConsoleCall(app, deps, searchLedgerEntries, rolesOf(searchLedgerEntries.path), (body) =>
    searchEntries(db, body),
  );
  registerConsoleCall(app, deps, readLedgerEntry, rolesOf(readLedgerEntry.path), (body) =>
    readEntry(db, body),
  );
  registerConsoleCall(app, deps, listReversalRequests, rolesOf(listReversalRequests.path), (body) =>
    listRequests(db, body),
  );
  registerConsoleCall(app, deps, decideReversal, rolesOf(decideReversal.path), (body, context) =>
    decideReversalUseCase(deps, context, body),
  );

  registerConsoleCall(app, deps, readDashboard, rolesOf(readDashboard.path), (_body, context) =>
    readDashboardSummary(deps, context.nowMs),
  );

  registerConsoleCall(app, deps, listInstruments, rolesOf(listInstruments.path), (body) =>
    listStaffInstruments(db, body),
  );
  registerConsoleCall(app, deps, updateInstrument, rolesOf(updateInstrument.path), (body, context) =>
    updateInstrumentUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, listCorporateActions, rolesOf(listCorporateActions.path), (body) =>
    listActions(db, body),
  );
  registerConsoleCall(app, deps, addCorporateAction, rolesOf(addCorporateAction.path), (body, context) =>
    addAction(deps, context, body),
  );
  registerConsoleCall(app, deps, readFeedStatus, rolesOf(readFeedStatus.path), () => readFeed(deps));
  registerConsoleCall(app, deps, setFeedMode, rolesOf(setFeedMode.path), (body, context) =>
    setFeed(deps, context, body),
  );
}
