import {
  type BodyOf,
  downloadContractNote,
  holdings,
  type InvestorCallDefinition,
  listContractNotes,
  staffDownloadContractNote,
  staffListContractNotes,
  taxPnl,
  taxPnlCsv,
} from '@nivesh/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { AppDeps, SessionUser } from '../application/context.js';
import {
  listOwnContractNotes,
  readOwnContractNotePdf,
} from '../use-cases/contract-notes/read-own-contract-notes.js';
import {
  readContractNotePdfForStaff,
  searchContractNotesForStaff,
} from '../use-cases/contract-notes/search-contract-notes.js';
import { readHoldings } from '../use-cases/portfolio/read-holdings.js';
import { readTaxPnl, readTaxPnlCsv } from '../use-cases/portfolio/read-tax-pnl.js';

import {
  authenticateInvestorFirst,
  callSchema,
  registerCall,
  requestContext,
  sendError,
} from './register-call.js';
import {
  type FileReply,
  registerConsoleCall,
  registerConsoleFileCall,
  sendFile,
} from './register-console-call.js';

/**
 * Contract notes (docs/adr/0021-contract-notes.md), holdings and the tax P&L. The PDF and CSV calls
 * answer the file itself, not the envelope; a refusal is the envelope as usual.
 */
export function registerReportRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, listContractNotes, (body, context) =>
    listOwnContractNotes(deps.db, context.user.id, body),
  );
  registerInvestorFileCall(app, deps, downloadContractNote, (body, user) =>
    readOwnContractNotePdf(deps.db, user.id, body.id),
  );
  registerCall(app, deps, holdings, (_body, context) => readHoldings(deps, context.user.id));
  registerCall(app, deps, taxPnl, (body, context) => readTaxPnl(deps.db, context.user.id, body));
  registerInvestorFileCall(app, deps, taxPnlCsv, async (body, user) => ({
    bytes: await readTaxPnlCsv(deps.db, user.id, body.financialYear),
    contentType: 'text/csv; charset=utf-8',
    fileName: `nivesh-tax-pnl-${body.financialYear}.csv`,
  }));

  registerConsoleCall(app, deps, staffListContractNotes, (body) =>
    searchContractNotesForStaff(deps.db, body),
  );
  registerConsoleFileCall(app, deps, staffDownloadContractNote, (body, context) =>
    readContractNotePdfForStaff(deps.db, context, body.id),
  );
}

/**
 * An investor call answering a file, for the session's investor only (as user/statementCsv). As in
 * registerCall, the session is checked before the body, so a caller without one gets 401, never a
 * schema hint (the authorization matrix suite holds every investor call to it).
 */
export function registerInvestorFileCall<B extends TSchema, D extends TSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  call: InvestorCallDefinition<B, D, true>,
  handler: (body: BodyOf<typeof call>, user: SessionUser) => Promise<FileReply>,
): void {
  const userOf = new WeakMap<FastifyRequest, SessionUser>();
  app.post(
    `/api/vue/${call.path}`,
    {
      schema: callSchema(call, [{ token: [], account: [] }]),
      preValidation: authenticateInvestorFirst(deps, userOf),
    },
    async (request, reply) => {
      const context = requestContext(deps, request);
      try {
        return sendFile(reply, await handler(request.body as BodyOf<typeof call>, userOf.get(request)!));
      } catch (error) {
        return sendError(reply, error, context);
      }
    },
  );
}
