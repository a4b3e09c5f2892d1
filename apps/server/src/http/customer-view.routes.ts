import {
  addUserNote,
  readUserFunds,
  readUserLoans,
  readUserNotes,
  readUserProfile,
  sendUserMessage,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { readUserFunds as readUserFundsUseCase } from '../use-cases/users/read-user-funds.js';
import { readUserLoans as readUserLoansUseCase } from '../use-cases/users/read-user-loans.js';
import { readUserProfile as readUserProfileUseCase } from '../use-cases/users/read-user-profile.js';
import { sendUserMessage as sendUserMessageUseCase } from '../use-cases/users/send-user-message.js';
import {
  addUserNote as addUserNoteUseCase,
  readUserNotes as readUserNotesUseCase,
} from '../use-cases/users/user-notes.js';
import { registerConsoleCall } from './register-console-call.js';

/** The customer view (docs/adr/0029-staff-administration-and-customer-view.md). */
export function registerCustomerViewRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerConsoleCall(app, deps, readUserProfile, (body, context) =>
    readUserProfileUseCase(deps, context, body),
  );
  registerConsoleCall(app, deps, readUserFunds, (body, context) => readUserFundsUseCase(deps, context, body));
  registerConsoleCall(app, deps, readUserLoans, (body, context) => readUserLoansUseCase(deps, context, body));
  registerConsoleCall(app, deps, readUserNotes, (body, context) => readUserNotesUseCase(deps, context, body));
  registerConsoleCall(app, deps, addUserNote, (body, context) => addUserNoteUseCase(deps, context, body));
  registerConsoleCall(app, deps, sendUserMessage, (body, context) =>
    sendUserMessageUseCase(deps, context, body),
  );
}
