import {
  listNewStock,
  newStockDetail,
  newStockDraw,
  newStockOrders,
  payNewStock,
  staffCancelIpo,
  staffCommitIpoSeed,
  staffDrawIpo,
  staffIpoSubscriptions,
  staffListIpo,
  staffSaveIpo,
  subscribeNewStock,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { cancelIpoIssue } from '../use-cases/ipo/cancel-ipo-issue.js';
import { commitIpoSeed } from '../use-cases/ipo/commit-ipo-seed.js';
import { drawIpo } from '../use-cases/ipo/draw-ipo.js';
import { listStaffIpoIssues } from '../use-cases/ipo/list-staff-ipo-issues.js';
import { payIpoAllotment } from '../use-cases/ipo/pay-ipo-allotment.js';
import { readIpoDraw } from '../use-cases/ipo/read-ipo-draw.js';
import { listIpoIssues, readIpoIssue } from '../use-cases/ipo/read-ipo-issues.js';
import { listIssueSubscriptions, listOwnSubscriptions } from '../use-cases/ipo/read-ipo-subscriptions.js';
import { saveIpoIssue } from '../use-cases/ipo/save-ipo-issue.js';
import { subscribeToIpo } from '../use-cases/ipo/subscribe-to-ipo.js';
import { registerCall } from './register-call.js';
import { registerConsoleCall, registerConsoleUseCase } from './register-console-call.js';

/** New shares (IPO, docs/adr/0011-ipo-draw.md): investor calls under newstock/…, staff calls under ipo/…. */
export function registerIpoRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, listNewStock, (body, context) => listIpoIssues(deps, context, body));
  registerCall(app, deps, newStockDetail, (body, context) => readIpoIssue(deps, context, body));
  registerCall(app, deps, subscribeNewStock, (body, context) => subscribeToIpo(deps, context, body));
  registerCall(app, deps, newStockOrders, (body, context) => listOwnSubscriptions(deps, context, body));
  registerCall(app, deps, payNewStock, (body, context) => payIpoAllotment(deps, context, body));
  registerCall(app, deps, newStockDraw, (body) => readIpoDraw(deps, body));

  registerConsoleCall(app, deps, staffListIpo, (_body, context) => listStaffIpoIssues(deps, context));
  registerConsoleUseCase(app, deps, staffSaveIpo, saveIpoIssue);
  registerConsoleUseCase(app, deps, staffCommitIpoSeed, commitIpoSeed);
  registerConsoleUseCase(app, deps, staffDrawIpo, drawIpo);
  registerConsoleUseCase(app, deps, staffCancelIpo, cancelIpoIssue);
  registerConsoleUseCase(app, deps, staffIpoSubscriptions, listIssueSubscriptions);
}
