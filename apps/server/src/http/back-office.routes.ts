import {
  approvalDecide,
  approvalList,
  importHolidays,
  previewHolidayImport,
  removeCalendarDay,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { decideApproval } from '../use-cases/approvals/decide-approval.js';
import { listApprovals } from '../use-cases/approvals/list-approvals.js';
import {
  importHolidays as importHolidaysUseCase,
  previewHolidays,
} from '../use-cases/calendar/import-holidays.js';
import { removeCalendarDay as removeCalendarDayUseCase } from '../use-cases/calendar/remove-calendar-day.js';
import { registerConsoleUseCase } from './register-console-call.js';

/** The back office (docs/api.md, "Back office"; ADR 0027): one line from each call to its use case. */
export function registerBackOfficeRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerConsoleUseCase(app, deps, approvalList, listApprovals);
  registerConsoleUseCase(app, deps, approvalDecide, decideApproval);
  registerConsoleUseCase(app, deps, removeCalendarDay, removeCalendarDayUseCase);
  registerConsoleUseCase(app, deps, previewHolidayImport, previewHolidays);
  registerConsoleUseCase(app, deps, importHolidays, importHolidaysUseCase);
}
