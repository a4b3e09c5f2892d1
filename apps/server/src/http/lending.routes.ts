import {
  lendingOverview,
  lendingRecords,
  lendShares,
  staffLendingPool,
  staffListLendings,
  staffSetInstrumentLending,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { lendShares as lendSharesUseCase } from '../use-cases/lending/lend-shares.js';
import { listLendingRecords } from '../use-cases/lending/list-lending-records.js';
import { listStaffLendings } from '../use-cases/lending/list-staff-lendings.js';
import { readLendingOverview } from '../use-cases/lending/read-lending-overview.js';
import { readLendingPool } from '../use-cases/lending/read-lending-pool.js';
import { setInstrumentLending } from '../use-cases/lending/set-instrument-lending.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall, registerConsoleUseCase } from './register-console-call.js';

/**
 * Securities lending (docs/adr/0015-securities-lending.md): the investor's lending screen and the
 * console's pool.
 */
export function registerLendingRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, lendingOverview, (_body, context) => readLendingOverview(deps, context));
  registerCall(app, deps, lendShares, (body, context) => lendSharesUseCase(deps, context, body));
  registerCall(app, deps, lendingRecords, (body, context) => listLendingRecords(deps, context, body));

  registerConsoleCall(app, deps, staffLendingPool, () => readLendingPool(deps));
  registerConsoleCall(app, deps, staffListLendings, (body) => listStaffLendings(deps, body));
  registerConsoleUseCase(app, deps, staffSetInstrumentLending, setInstrumentLending);
}
