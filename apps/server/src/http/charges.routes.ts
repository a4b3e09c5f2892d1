import {
  addChargeSchedule,
  estimateCharges,
  listChargeAccounts,
  listChargeSchedules,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { addChargeSchedule as addChargeScheduleUseCase } from '../use-cases/charges/add-charge-schedule.js';
import { estimateCharges as estimateChargesUseCase } from '../use-cases/charges/estimate-charges.js';
import { listChargeAccounts as listChargeAccountsUseCase } from '../use-cases/charges/list-charge-accounts.js';
import { listChargeSchedules as listChargeSchedulesUseCase } from '../use-cases/charges/list-charge-schedules.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall } from './register-console-call.js';

/** Charges (docs/api.md, "Charges"; docs/adr/0020): the investor's estimate and the staff's schedules. */
export function registerChargesRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, estimateCharges, (body, context) => estimateChargesUseCase(deps, context, body));
  registerConsoleCall(app, deps, listChargeSchedules, (_body, context) =>
    listChargeSchedulesUseCase(deps, context),
  );
  registerConsoleCall(app, deps, addChargeSchedule, (body, context) =>
    addChargeScheduleUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, listChargeAccounts, () => listChargeAccountsUseCase(deps));
}
