import {
  alertList,
  dailyReportCompute,
  dailyReportCsv,
  dailyReportList,
  dailyReportPdf,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { listAlerts } from '../use-cases/alerts/list-alerts.js';
import { computeDailyReport } from '../use-cases/daily-reports/compute-daily-report.js';
import {
  listDailyReportsForStaff,
  readDailyReportCsv,
  readDailyReportPdf,
} from '../use-cases/daily-reports/read-daily-reports.js';
import { registerConsoleFileCall, registerConsoleUseCase } from './register-console-call.js';

/** End-of-day reports and alerts (docs/api.md, "Daily reports and alerts"; ADR 0033): one line per call. */
export function registerDailyReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerConsoleUseCase(app, deps, dailyReportList, listDailyReportsForStaff);
  registerConsoleUseCase(app, deps, dailyReportCompute, computeDailyReport);
  registerConsoleFileCall(app, deps, dailyReportCsv, (body) => readDailyReportCsv(deps, body.tradeDate));
  registerConsoleFileCall(app, deps, dailyReportPdf, (body) => readDailyReportPdf(deps, body.tradeDate));
  registerConsoleUseCase(app, deps, alertList, listAlerts);
}
