import { type Static, type TProperties, type TSchema, Type } from 'typebox';
import type { Operation } from './operations.js';

/**
 * Schema helpers shared by every call. Objects are closed (`additionalProperties: false`) so the
 * server answers 400 for an unknown field instead of silently dropping it.
 */
export const Obj = <T extends TProperties>(properties: T, options: { description?: string } = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

/** Money and prices at the API: rupees as a decimal string with exactly two decimals, e.g. "1234.50". */
export const MoneyString = Type.String({
  pattern: '^-?[0-9]+\\.[0-9]{2}$',
  description: 'rupees, 2 decimals',
});

/** Money as an input: a decimal string or a number; the server parses it to paise and refuses bad forms. */
export const MoneyInput = Type.Union([Type.String({ maxLength: 32 }), Type.Number()], {
  description: 'rupees as a decimal string or number, at most 2 decimals',
});

export const Phone = Type.String({ minLength: 1, maxLength: 20, description: 'mobile number' });
export const Password = Type.String({ minLength: 1, maxLength: 128 });
export const EpochMs = Type.Number({ description: 'epoch milliseconds' });
export const Empty = Obj({});

/** The reply wrapper the spec documents: status 1 with data, or status 0 with code, msg and params. */
export const SuccessEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Literal(1), msg: Type.String(), data });

export const ErrorEnvelope = Type.Object({
  status: Type.Literal(0),
  code: Type.String(),
  msg: Type.String(),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  data: Type.Null(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** Staff roles (DESIGN.md section 7); every console call names the roles it admits. */
export const STAFF_ROLES = ['admin', 'finance', 'compliance', 'support', 'content'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

/**
 * Who may make a console call: the staff roles it admits (any other staff member gets 403, audited),
 * or `'public'` for the calls made before there is a staff session (sign-in, TOTP enrolment).
 */
export type CallRoles = readonly StaffRoleName[] | 'public';

export interface CallDefinition<
  B extends TSchema = TSchema,
  D extends TSchema = TSchema,
  A extends boolean = boolean,
> {
  /** `<area>/<camelCaseAction>`, mounted at `/api/vue/<path>` (investor) or `/api/console/<path>` (staff). */
  path: string;
  summary: string;
  body: B;
  data: D;
  /** Needs the `token` and `account` headers of a live session. */
  auth: A;
  /** The spec's operation whose success text becomes the reply's msg. */
  operation?: Operation;
  /** Changes state: takes an `Idempotency-Key` and replays the first reply. */
  mutates: boolean;
  /**
   * A console call names who may make it; an investor call has none (its `auth` says whether it
   * needs a session). Having roles is what makes a call a console call.
   */
  roles?: CallRoles;
}

/** A call of the staff console: mounted at `/api/console/<path>` and admitting `roles`. */
export type ConsoleCallDefinition<
  B extends TSchema = TSchema,
  D extends TSchema = TSchema,
  R extends CallRoles = CallRoles,
> = CallDefinition<B, D> & { roles: R };

/** A call of the investor app, mounted at `/api/vue/<path>`. */
export type InvestorCallDefinition<
  B extends TSchema = TSchema,
  D extends TSchema = TSchema,
  A extends boolean = boolean,
> = CallDefinition<B, D, A> & { roles?: undefined };

/**
 * Defines one call. The answer keeps the exact roles it was given, so the server mounts a call with
 * roles only as a console call (`registerConsoleCall` wants staff roles, `registerPublicConsoleCall`
 * wants `'public'`) and one without roles only as an investor call: a console call that forgets its
 * roles does not compile where it is mounted.
 */
export const defineCall = <
  B extends TSchema,
  D extends TSchema,
  const A extends boolean,
  const R extends CallRoles | undefined = undefined,
>(
  call: CallDefinition<B, D, A> & { roles?: R },
) => call as CallDefinition<B, D, A> & (R extends CallRoles ? { roles: R } : { roles?: undefined });

export type BodyOf<C> = C extends CallDefinition<infer B, TSchema> ? Static<B> : never;
export type DataOf<C> = C extends CallDefinition<TSchema, infer D> ? Static<D> : never;
