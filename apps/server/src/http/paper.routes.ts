import { paperStatus, resetPaperAccount, switchPaperBook } from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { readPaperStatus } from '../use-cases/paper/read-paper-status.js';
import { resetPaperAccount as resetPaperAccountUseCase } from '../use-cases/paper/reset-paper-account.js';
import { switchPaperBook as switchPaperBookUseCase } from '../use-cases/paper/switch-paper-book.js';
import { registerCall } from './register-call.js';

/** Paper trading (docs/adr/0026-paper-trading.md). */
export function registerPaperRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, paperStatus, (body, context) => readPaperStatus(deps, context, body));
  registerCall(app, deps, switchPaperBook, (body, context) => switchPaperBookUseCase(deps, context, body));
  registerCall(app, deps, resetPaperAccount, (body, context) =>
    resetPaperAccountUseCase(deps, context, body),
  );
}
