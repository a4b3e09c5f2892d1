import multipart from '@fastify/multipart';
import {
  authInfo,
  authSubmit,
  bankAdd,
  bankList,
  bankUnbind,
  cashoutQuote,
  cashoutSubmit,
  depositApprove,
  depositChannelDelete,
  depositChannelList,
  depositChannelSave,
  depositQueue,
  depositReject,
  exchangeQuote,
  exchangeRateList,
  exchangeRateSet,
  exchangeRates,
  exchangeRecords,
  exchangeSubmit,
  fundRecords,
  fundsSetBankCodes,
  fundsSettings,
  kycApprove,
  kycQueue,
  kycReject,
  rechargeChannels,
  rechargeSubmit,
  UPLOAD_READER_ROLES,
  walletAdd,
  walletList,
  walletUnbind,
  withdrawalApprove,
  withdrawalQueue,
  withdrawalReject,
} from '@nivesh/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../application/app-error.js';
import type { AppDeps, SessionUser } from '../application/context.js';
import { appendAudit } from '../repositories/audit.repository.js';
import { fundsSettingsView, readFundsSettings } from '../repositories/funds-settings.repository.js';
import { findUpload, type UploadRecord } from '../repositories/upload.repository.js';
import { UPLOAD_MAX_BYTES, type UploadPurpose } from '../uploads/inspect-upload.js';
import { createUploadStorage, type UploadStorage } from '../uploads/upload-storage.js';
import * as channels from '../use-cases/deposits/manage-deposit-channels.js';
import { decideDeposit, listDeposits } from '../use-cases/deposits/review-deposits.js';
import { submitDeposit } from '../use-cases/deposits/submit-deposit.js';
import * as exchange from '../use-cases/exchange/exchange-currency.js';
import { readFundRecords } from '../use-cases/funds/read-fund-records.js';
import { setExtraBankCodes } from '../use-cases/funds/set-extra-bank-codes.js';
import { readKyc } from '../use-cases/kyc/read-kyc.js';
import { decideKyc, listKycSubmissions } from '../use-cases/kyc/review-kyc.js';
import { submitKyc } from '../use-cases/kyc/submit-kyc.js';
import * as destinations from '../use-cases/payouts/manage-destinations.js';
import { storeUpload } from '../use-cases/uploads/store-upload.js';
import { quoteWithdrawal, requestWithdrawal } from '../use-cases/withdrawals/request-withdrawal.js';
import {
  approveWithdrawal,
  listWithdrawals,
  rejectWithdrawal,
} from '../use-cases/withdrawals/review-withdrawals.js';
import { authenticateInvestor } from './authenticate.js';
import { authenticateStaff } from './authenticate-staff.js';
import { refusalReply } from './envelope.js';
import {
  authenticateInvestorFirst,
  registerCall,
  requestContext,
  runToEnvelope,
  sendOutcome,
} from './register-call.js';
import { registerConsoleCall, registerConsoleUseCase, sendFile } from './register-console-call.js';

const EXTENSION_OF: Record<UploadRecord['contentType'], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * KYC, payout destinations, deposits, withdrawals, exchange and fund records
 * (docs/adr/0009-funds-evidence-and-review.md).
 */
export function registerFundsRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  storage: UploadStorage = createUploadStorage(deps.config.uploads),
): void {
  registerUploadRoutes(app, deps, storage);

  // KYC.
  registerCall(app, deps, authSubmit, (body, context) => submitKyc(deps, context, body));
  registerCall(app, deps, authInfo, (_body, context) => readKyc(deps.db, context));

  // Payout destinations.
  registerCall(app, deps, bankList, (_body, context) =>
    destinations.listDestinations(deps.db, context, 'bank'),
  );
  registerCall(app, deps, bankAdd, (body, context) => destinations.addBankAccount(deps, context, body));
  registerCall(app, deps, bankUnbind, (body, context) =>
    destinations.unbindDestination(deps, context, body, 'bank'),
  );
  registerCall(app, deps, walletList, (_body, context) => destinations.listWallets(deps, context));
  registerCall(app, deps, walletAdd, (body, context) => destinations.addWallet(deps, context, body));
  registerCall(app, deps, walletUnbind, (body, context) =>
    destinations.unbindDestination(deps, context, body, 'wallet'),
  );

  // Deposits, withdrawals, exchange, fund records.
  registerCall(app, deps, rechargeChannels, (_body, context) =>
    channels.listInvestorChannels(deps.db, context),
  );
  registerCall(app, deps, rechargeSubmit, (body, context) => submitDeposit(deps, context, body));
  registerCall(app, deps, cashoutQuote, (body, context) => quoteWithdrawal(deps, context, body));
  registerCall(app, deps, cashoutSubmit, (body, context) => requestWithdrawal(deps, context, body));
  registerCall(app, deps, exchangeRates, () => exchange.listInvestorRates(deps.db));
  registerCall(app, deps, exchangeQuote, (body) => exchange.quoteExchange(deps.db, body));
  registerCall(app, deps, exchangeSubmit, (body, context) => exchange.exchangeCurrency(deps, context, body));
  registerCall(app, deps, exchangeRecords, (body, context) => exchange.listExchanges(deps.db, context, body));
  registerCall(app, deps, fundRecords, (body, context) => readFundRecords(deps.db, context, body));

  // The console: review queues, channels, rates, settings.
  registerConsoleCall(app, deps, kycQueue, (body) => listKycSubmissions(deps.db, body));
  registerConsoleCall(app, deps, kycApprove, (body, context) => decideKyc(deps, context, body, 'verified'));
  registerConsoleCall(app, deps, kycReject, (body, context) => decideKyc(deps, context, body, 'rejected'));
  registerConsoleUseCase(app, deps, depositQueue, listDeposits);
  registerConsoleCall(app, deps, depositApprove, (body, context) =>
    decideDeposit(deps, context, body, 'approved'),
  );
  registerConsoleCall(app, deps, depositReject, (body, context) =>
    decideDeposit(deps, context, body, 'rejected'),
  );
  registerConsoleUseCase(app, deps, withdrawalQueue, listWithdrawals);
  registerConsoleUseCase(app, deps, withdrawalApprove, approveWithdrawal);
  registerConsoleUseCase(app, deps, withdrawalReject, rejectWithdrawal);
  registerConsoleCall(app, deps, depositChannelList, () => channels.listStaffChannels(deps.db));
  registerConsoleUseCase(app, deps, depositChannelSave, channels.saveDepositChannel);
  registerConsoleUseCase(app, deps, depositChannelDelete, channels.deleteDepositChannel);
  registerConsoleCall(app, deps, exchangeRateList, () => exchange.listStaffRates(deps.db));
  registerConsoleUseCase(app, deps, exchangeRateSet, exchange.setExchangeRate);
  registerConsoleCall(app, deps, fundsSettings, async () =>
    fundsSettingsView(await readFundsSettings(deps.db)),
  );
  registerConsoleUseCase(app, deps, fundsSetBankCodes, setExtraBankCodes);
}

/**
 * Uploads: `POST /api/vue/upload/file?purpose=kyc|receipt` (multipart, one file part, at most 5 MB),
 * and reading a stored file back: `GET /api/vue/upload/file/<id>` for its owner,
 * `GET /api/console/uploads/<id>` for reviewing staff (audited). Never a public URL.
 */
function registerUploadRoutes(app: FastifyInstance, deps: AppDeps, storage: UploadStorage): void {
  const userOf = new WeakMap<FastifyRequest, SessionUser>();
  // Multipart parsing lives in its own scope: no other route accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: UPLOAD_MAX_BYTES,
        files: 1,
        fields: 0,
        parts: 1,
        fieldNameSize: 32,
        headerPairs: 20,
      },
      throwFileSizeLimit: true,
      // Keep the name as sent, so a name holding a path is seen (and refused) rather than trimmed.
      preservePath: true,
    });
    scope.post(
      '/api/vue/upload/file',
      {
        schema: {
          summary:
            'Upload a KYC image (JPEG, PNG, WebP) or a deposit receipt (also PDF), multipart, at most 5 MB; answers an uploadId.',
          tags: ['upload'],
          querystring: {
            type: 'object',
            properties: { purpose: { type: 'string', enum: ['kyc', 'receipt'] } },
            required: ['purpose'],
            additionalProperties: false,
          },
          security: [{ token: [], account: [] }],
        },
        // The session is checked before the query, so a caller without one gets 401, not a schema hint.
        preValidation: authenticateInvestorFirst(deps, userOf),
      },
      async (request, reply) => {
        const context = requestContext(deps, request);
        const user = userOf.get(request)!;
        const purpose = (request.query as { purpose: UploadPurpose }).purpose;
        const outcome = await runToEnvelope(context, 'upload', async () => {
          const file = await readSingleFile(request);
          return storeUpload({ ...deps, uploads: storage }, { ...context, user }, { ...file, purpose });
        });
        return sendOutcome(reply, outcome);
      },
    );
  });

  app.get('/api/vue/upload/file/:id', { schema: { hide: true } }, async (request, reply) => {
    const context = requestContext(deps, request);
    try {
      const user = await authenticateInvestor(deps, request);
      const upload = await findUpload(deps.db, (request.params as { id: string }).id);
      // Another user's file answers exactly as a missing one: ids are not confirmed to strangers.
      if (!upload || upload.userId !== user.id) throw new AppError('UPLOAD_NOT_FOUND');
      return await sendStoredFile(reply, storage, upload);
    } catch (error) {
      return sendFileError(reply, error, context.language);
    }
  });

  app.get('/api/console/uploads/:id', { schema: { hide: true } }, async (request, reply) => {
    const context = requestContext(deps, request);
    try {
      const staff = await authenticateStaff(deps, request);
      const id = (request.params as { id: string }).id;
      if (!UPLOAD_READER_ROLES.some((role) => staff.roles.has(role))) {
        await appendAudit(deps.db, {
          actor: { type: 'staff', id: staff.id },
          action: 'console.forbidden',
          target: { type: 'route', id: 'uploads' },
          after: { roles: [...staff.roles] },
          requestId: context.requestId,
          ip: context.ip,
        });
        throw new AppError('FORBIDDEN');
      }
      const upload = await findUpload(deps.db, id);
      if (!upload) throw new AppError('UPLOAD_NOT_FOUND');
      await appendAudit(deps.db, {
        actor: { type: 'staff', id: staff.id },
        action: 'upload.read',
        target: { type: 'upload', id: upload.id },
        after: { userId: upload.userId, purpose: upload.purpose },
        requestId: context.requestId,
        ip: context.ip,
      });
      return await sendStoredFile(reply, storage, upload);
    } catch (error) {
      return sendFileError(reply, error, context.language);
    }
  });
}

/**
 * The one file part of a multipart request, read whole (it is at most 5 MB). A second part of any
 * kind is refused, not ignored (docs/api.md, "Uploads"): the parser stops at the part limit.
 */
async function readSingleFile(
  request: FastifyRequest,
): Promise<{ bytes: Buffer; fileName: string | undefined }> {
  let file: { bytes: Buffer; fileName: string | undefined } | undefined;
  try {
    for await (const part of request.parts()) {
      if (file || part.type !== 'file') throw new AppError('VALIDATION_FAILED', ONE_FILE_PART);
      file = { bytes: await part.toBuffer(), fileName: part.filename || undefined };
    }
  } catch (error) {
    throw translateMultipartError(error);
  }
  if (!file) throw new AppError('VALIDATION_FAILED', { field: 'file', reason: 'required' });
  return file;
}

const ONE_FILE_PART = { field: 'file', reason: 'exactly one file part' };
const PART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', { limitBytes: UPLOAD_MAX_BYTES });
  if (code && PART_LIMIT_CODES.has(code)) return new AppError('VALIDATION_FAILED', ONE_FILE_PART);
  if (code?.startsWith('FST_'))
    return new AppError('VALIDATION_FAILED', { field: 'file', reason: 'multipart' });
  return error;
}

async function sendStoredFile(reply: FastifyReply, storage: UploadStorage, upload: UploadRecord) {
  const bytes = await storage.get(upload.id);
  if (!bytes) throw new AppError('UPLOAD_NOT_FOUND');
  const fileName = `${upload.id}.${EXTENSION_OF[upload.contentType]}`;
  return sendFile(reply, { bytes, contentType: upload.contentType, fileName }, 'inline');
}

function sendFileError(reply: FastifyReply, error: unknown, language: Parameters<typeof refusalReply>[1]) {
  if (error instanceof AppError) {
    const status =
      error.code === 'UPLOAD_NOT_FOUND'
        ? 404
        : error.code === 'FORBIDDEN'
          ? 403
          : error.code === 'UNAUTHORIZED'
            ? 401
            : 400;
    return reply.status(status).send(refusalReply(error.code, language, error.params));
  }
  throw error;
}
