import {
  addCorporateAction,
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
import { registerConsoleCall, registerConsoleUseCase } from './register-console-call.js';

/** The staff console's operations (docs/api.md, "Console calls"): one line from each call to its use case. */
export function registerConsoleOperationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  registerConsoleCall(app, deps, listParameters, () => listParametersUseCase(db));
  registerConsoleUseCase(app, deps, updateParameter, updateParameterUseCase);

  registerConsoleCall(app, deps, listConfig, () => listConfigUseCase(db));
  registerConsoleUseCase(app, deps, updateConfig, updateConfigUseCase);

  registerConsoleCall(app, deps, searchUsers, (body) => searchUsersUseCase(db, body));
  registerConsoleUseCase(app, deps, readUserDetail, readUserDetailUseCase);
  registerConsoleCall(app, deps, readUserStatement, async (body) => {
    const { userId, ...filter } = body;
    return readStatement(db, BigInt(userId), filter);
  });
  // Users: an investor's positions and messages (docs/api.md, "Users").
  registerConsoleUseCase(app, deps, readUserPositions, readUserPositionsUseCase);
  registerConsoleCall(app, deps, readUserMessages, (body) => readUserMessagesUseCase(db, body));
  registerConsoleUseCase(app, deps, revokeUserSession, revokeUserSessionUseCase);
  registerConsoleUseCase(app, deps, setCreditScore, setCreditScoreUseCase);
  registerConsoleCall(app, deps, loanQuotaTable, () => readLoanQuotaTable(deps));
  registerConsoleUseCase(app, deps, setLoanQuotaTable, replaceLoanQuotaTable);

  registerConsoleCall(app, deps, listAudit, (body) => listAuditUseCase(db, body));

  registerConsoleCall(app, deps, searchLedgerEntries, (body) => searchEntries(db, body));
  registerConsoleCall(app, deps, readLedgerEntry, (body) => readEntry(db, body));
  registerConsoleCall(app, deps, listReversalRequests, (body) => listRequests(db, body));
  registerConsoleUseCase(app, deps, decideReversal, decideReversalUseCase);

  registerConsoleCall(app, deps, readDashboard, (_body, context) =>
    readDashboardSummary(deps, context.nowMs),
  );

  registerConsoleCall(app, deps, listInstruments, (body) => listStaffInstruments(db, body));
  registerConsoleUseCase(app, deps, updateInstrument, updateInstrumentUseCase);
  registerConsoleCall(app, deps, listCorporateActions, (body) => listActions(db, body));
  registerConsoleUseCase(app, deps, addCorporateAction, addAction);
  registerConsoleCall(app, deps, readFeedStatus, () => readFeed(deps));
  registerConsoleUseCase(app, deps, setFeedMode, setFeed);
}
