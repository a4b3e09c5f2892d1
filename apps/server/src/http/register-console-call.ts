import type { CallRoles, ConsoleCallDefinition, StaffRoleName } from '@nivesh/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { AppError } from '../application/app-error.js';
import type { AppDeps, RequestContext, StaffContext, StaffMember } from '../application/context.js';
import { appendAudit } from '../repositories/audit.repository.js';
import { authenticateStaff } from './authenticate-staff.js';
import {
  callSchema,
  requestContext,
  runToEnvelope,
  sendError,
  sendOutcome,
  sendWithIdempotency,
} from './register-call.js';

/** Every console route mounted, with the roles it admits: the authorization matrix test reads it. */
export const mountedConsoleRoutes = new Map<string, CallRoles>();

/**
 * Mounts a console call at `POST /api/console/<path>` for the roles its definition names. A staff
 * member outside them gets 403, and the refusal is audited.
 */
export function registerConsoleCall<B extends TSchema, D extends TSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  call: ConsoleCallDefinition<B, D, readonly StaffRoleName[]>,
  handler: (body: Static<B>, context: StaffContext) => Promise<Static<D>>,
  /**
   * `replayable: false` for a call whose reply holds a secret shown once (a new staff member's
   * password): such a reply is never stored for replay (as `registerCall`'s option).
   */
  options: { replayable?: boolean } = {},
): void {
  postStaffCall(app, deps, call, async (request, reply, context, staffContext) => {
    const run = () =>
      runToEnvelope(context, call.operation, () => handler(request.body as Static<B>, staffContext));
    if (!call.mutates || options.replayable === false) return sendOutcome(reply, await run());
    return sendWithIdempotency(deps, request, reply, {
      scope: `staff:${staffContext.staff.id}`,
      path: call.path,
      context,
      run,
    });
  });
}

/**
 * Mounts `POST /api/console/<path>` for the roles the call names (recorded for the authorization
 * matrix test) and answers with the request's context and the staff member's.
 */
function postStaffCall<B extends TSchema, D extends TSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  call: ConsoleCallDefinition<B, D, readonly StaffRoleName[]>,
  answer: (
    request: FastifyRequest,
    reply: FastifyReply,
    context: RequestContext,
    staffContext: StaffContext,
  ) => Promise<unknown>,
): void {
  const roles = call.roles;
  mountedConsoleRoutes.set(call.path, roles);
  const staffOf = new WeakMap<FastifyRequest, StaffMember>();
  app.post(
    `/api/console/${call.path}`,
    {
      schema: callSchema(call, [{ staffToken: [] }]),
      // Who may call comes before what they sent: a forbidden caller never learns the body's rules.
      preValidation: staffRoleGuard(deps, call.path, roles, staffOf),
    },
    async (request, reply) => {
      const context = requestContext(deps, request);
      return answer(request, reply, context, { ...context, staff: staffOf.get(request)! });
    },
  );
}

/** Mounts a console call that needs no staff session (sign-in and TOTP enrolment): its roles say 'public'. */
export function registerPublicConsoleCall<B extends TSchema, D extends TSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  call: ConsoleCallDefinition<B, D, 'public'>,
  handler: (body: Static<B>, context: RequestContext) => Promise<Static<D>>,
  preHandler: import('fastify').preHandlerHookHandler[] = [],
): void {
  mountedConsoleRoutes.set(call.path, call.roles);
  app.post(
    `/api/console/${call.path}`,
    { schema: callSchema(call, undefined), preHandler },
    async (request, reply) => {
      const context = requestContext(deps, request);
      const outcome = await runToEnvelope(context, call.operation, () =>
        handler(request.body as Static<B>, context),
      );
      return sendOutcome(reply, outcome);
    },
  );
}

/**
 * The console's role check, before the body is validated: authenticates the staff member, refuses
 * (403, audited) one outside `roles`, and keeps the member for the handler.
 */
function staffRoleGuard(
  deps: AppDeps,
  path: string,
  roles: readonly StaffRoleName[],
  staffOf: WeakMap<FastifyRequest, StaffMember>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const context = requestContext(deps, request);
    try {
      const staff = await authenticateStaff(deps, request);
      if (!roles.some((role) => staff.roles.has(role))) {
        await appendAudit(deps.db, {
          actor: { type: 'staff', id: staff.id },
          action: 'console.forbidden',
          target: { type: 'route', id: path },
          after: { roles: [...staff.roles] },
          requestId: context.requestId,
          ip: context.ip,
        });
        throw new AppError('FORBIDDEN');
      }
      staffOf.set(request, staff);
    } catch (error) {
      return sendError(reply, error, context);
    }
  };
}

/** A file a call answers instead of the envelope (a PDF, a CSV). */
export interface FileReply {
  bytes: Buffer | string;
  contentType: string;
  fileName: string;
}

/**
 * Mounts a console call that answers a file (`POST /api/console/<path>`, the same role check as
 * registerConsoleCall): the bytes with their type and a download name, never cached; a refusal
 * is the usual envelope.
 */
export function registerConsoleFileCall<B extends TSchema, D extends TSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  call: ConsoleCallDefinition<B, D, readonly StaffRoleName[]>,
  handler: (body: Static<B>, context: StaffContext) => Promise<FileReply>,
): void {
  postStaffCall(app, deps, call, async (request, reply, context, staffContext) => {
    try {
      return sendFile(reply, await handler(request.body as Static<B>, staffContext));
    } catch (error) {
      return sendError(reply, error, context);
    }
  });
}

/**
 * Sends a file reply (a download, or an upload shown in place by funds.routes.ts): private, never
 * cached, never sniffed into another type, sandboxed if a browser opens it in place.
 */
export function sendFile(
  reply: FastifyReply,
  file: FileReply,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.bytes);
}

/**
 * Mounts a console call answered by its use case as it is (a StaffUseCase of the call): the use case
 * is given this app's dependencies, the staff member's context and the validated body.
 */
export function registerConsoleUseCase<B extends TSchema, D extends TSchema>(
  app: FastifyInstance,
  deps: AppDeps,
  call: ConsoleCallDefinition<B, D, readonly StaffRoleName[]>,
  useCase: (deps: AppDeps, context: StaffContext, body: Static<B>) => Promise<Static<D>>,
): void {
  registerConsoleCall(app, deps, call, (body, context) => useCase(deps, context, body));
}
