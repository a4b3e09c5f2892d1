import {
  type CallDefinition,
  ErrorEnvelope,
  httpStatusOf,
  type InvestorCallDefinition,
  type Operation,
  operationMessage,
  PLAIN_TEXT_KEYWORD,
  SUCCESS_TEXT,
  SuccessEnvelope,
} from '@nivesh/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { AppError } from '../application/app-error.js';
import type { AppDeps, RequestContext, SessionUser, UserContext } from '../application/context.js';
import { authenticateInvestor } from './authenticate.js';
import { refusalReply, replyJson } from './envelope.js';
import {
  assertValidKey,
  claimKey,
  completeKey,
  releaseKey,
  requestFingerprint,
  type StoredReply,
} from './idempotency.js';
import { requestLanguage } from './language.js';
import { answersItsOwnBook, PAPER_BOOK_HEADER } from './paper-calls.js';

export interface CallOptions {
  preHandler?: preHandlerHookHandler[];
  /**
   * False for calls whose reply carries a secret (a session token): such a reply is never stored
   * for replay. Their effects are single anyway (a phone registers once; a login is a new session).
   */
  replayable?: boolean;
}

type Handler<B extends TSchema, D extends TSchema, Auth extends boolean> = (
  body: Static<B>,
  context: Auth extends true ? UserContext : RequestContext,
) => Promise<Static<D>>;

interface Outcome {
  httpStatus: number;
  body: unknown;
}

export function requestContext(deps: AppDeps, request: FastifyRequest): RequestContext {
  return {
    requestId: request.id,
    language: requestLanguage(request),
    ip: request.ip ?? 'unknown',
    userAgent: request.headers['user-agent'],
    origin: `${request.protocol}://${request.host}`,
    nowMs: deps.clock.now(),
  };
}

/**
 * Runs a use case and turns its result or refusal into the spec's envelope: status 1 with the
 * operation's success text, or status 0 with the refusal's code, message and params.
 */
export async function runToEnvelope(
  context: RequestContext,
  operation: Operation | undefined,
  work: () => Promise<unknown>,
): Promise<Outcome> {
  try {
    const data = await work();
    const msg = operation
      ? operationMessage(operation, 'success', context.language)
      : SUCCESS_TEXT[context.language];
    return { httpStatus: 200, body: { status: 1, msg, data: data ?? null } };
  } catch (error) {
    if (error instanceof AppError) {
      return {
        httpStatus: httpStatusOf(error.code),
        body: refusalReply(error.code, context.language, error.params),
      };
    }
    throw error;
  }
}

/**
 * Applies the Idempotency-Key header to a state-changing call: the first call with a key runs and
 * its reply is kept for 24 hours; a repeat with the same body gets that reply, with another body a
 * refusal. Without the header the call simply runs.
 */
export async function sendWithIdempotency(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { scope: string; path: string; context: RequestContext; run: () => Promise<Outcome> },
) {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') {
    const outcome = await input.run();
    return sendOutcome(reply, outcome);
  }
  try {
    assertValidKey(key);
    const claim = await claimKey(deps.db, {
      scope: input.scope,
      key,
      fingerprint: requestFingerprint(input.path, request.body),
      nowMs: input.context.nowMs,
    });
    if (claim.kind === 'replay') {
      reply.header('idempotent-replayed', 'true');
      return sendJsonText(reply, claim.reply);
    }
  } catch (error) {
    return sendError(reply, error, input.context);
  }
  let outcome: Outcome;
  try {
    outcome = await input.run();
  } catch (error) {
    await releaseKey(deps.db, { scope: input.scope, key });
    throw error;
  }
  // The text stored is the text sent, so a replay is byte for byte the first reply.
  const stored = { httpStatus: outcome.httpStatus, bodyText: replyJson(outcome.body) };
  await completeKey(deps.db, { scope: input.scope, key, reply: stored });
  return sendJsonText(reply, stored);
}

function sendJsonText(reply: FastifyReply, stored: StoredReply) {
  return (reply as FastifyReply)
    .code(stored.httpStatus)
    .header('content-type', 'application/json; charset=utf-8')
    .send(stored.bodyText);
}

/** Sends an outcome; the reply's status type is widened from the schema's documented 200. */
export function sendOutcome(reply: FastifyReply, outcome: Outcome) {
  return (reply as FastifyReply).code(outcome.httpStatus).send(outcome.body);
}

export function sendError(reply: FastifyReply, error: unknown, context: RequestContext) {
  if (error instanceof AppError) {
    const body = refusalReply(error.code, context.language, error.params);
    // The refusal of a call outside paper trading is itself an answer in paper (docs/adr/0026).
    if (error.code === 'PAPER_NOT_ALLOWED') {
      reply.header(PAPER_BOOK_HEADER, 'paper');
      return reply.status(httpStatusOf(error.code)).send({ ...body, book: 'paper' });
    }
    return reply.status(httpStatusOf(error.code)).send(body);
  }
  throw error;
}

export function callSchema(call: CallDefinition, security: Record<string, string[]>[] | undefined) {
  return {
    summary: call.summary,
    tags: [call.path.split('/')[0] ?? 'api'],
    // Every body passes the contract's one text rule (no NUL, no unpaired surrogate).
    body: { ...call.body, [PLAIN_TEXT_KEYWORD]: true },
    ...(security ? { security } : {}),
    response: { 200: { anyOf: [SuccessEnvelope(call.data), ErrorEnvelope] } },
  };
}

/**
 * A preValidation hook that resolves the investor's session into `userOf` before the body or the
 * query is validated, so a caller without one gets 401, never a schema hint (the authorization
 * matrix suite holds every investor call to it).
 */
export function authenticateInvestorFirst(
  deps: AppDeps,
  userOf: WeakMap<FastifyRequest, SessionUser>,
  /** Whether the answer is marked with the session's book here (a paper call marks its own). */
  marksBook = true,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const user = await authenticateInvestor(deps, request);
      userOf.set(request, user);
      // A session in paper is told so on every answer (docs/adr/0026-paper-trading.md).
      if (user.book === 'paper' && marksBook) reply.header(PAPER_BOOK_HEADER, 'paper');
    } catch (error) {
      return sendError(reply, error, requestContext(deps, request));
    }
  };
}

/**
 * Mounts one investor call of the contract at `POST /api/vue/<path>`: validates the body with the
 * call's schema, resolves the session when the call needs one, applies the Idempotency-Key to
 * state-changing calls, runs the use case and wraps its result in the spec's envelope.
 */
export function registerCall<B extends TSchema, D extends TSchema, Auth extends boolean>(
  app: FastifyInstance,
  deps: AppDeps,
  call: InvestorCallDefinition<B, D, Auth>,
  handler: Handler<B, D, Auth>,
  options: CallOptions = {},
): void {
  const userOf = new WeakMap<FastifyRequest, SessionUser>();
  app.post(
    `/api/vue/${call.path}`,
    {
      schema: callSchema(call, call.auth ? [{ token: [], account: [] }] : undefined),
      ...(call.auth
        ? { preValidation: authenticateInvestorFirst(deps, userOf, !answersItsOwnBook(call.path)) }
        : {}),
      preHandler: options.preHandler ?? [],
    },
    async (request, reply) => {
      const context = requestContext(deps, request);
      const user = userOf.get(request);
      const fullContext = (user ? { ...context, user } : context) as Auth extends true
        ? UserContext
        : RequestContext;
      const run = async () => {
        const outcome = await runToEnvelope(context, call.operation, () =>
          handler(request.body as Static<B>, fullContext),
        );
        // Every answer to a session in paper says so (docs/adr/0026-paper-trading.md); the paper
        // calls' answers say the book the session is in once they are done.
        const inPaper = answersItsOwnBook(call.path)
          ? (outcome.body as { data?: { active?: boolean } | null }).data?.active === true
          : user?.book === 'paper';
        if (inPaper) {
          (outcome.body as { book?: 'paper' }).book = 'paper';
          reply.header(PAPER_BOOK_HEADER, 'paper');
        }
        return outcome;
      };
      if (!call.mutates || options.replayable === false) {
        const outcome = await run();
        return sendOutcome(reply, outcome);
      }
      const scope = user ? `user:${user.id}` : `anonymous:${call.path}`;
      return sendWithIdempotency(deps, request, reply, { scope, path: call.path, context, run });
    },
  );
}
