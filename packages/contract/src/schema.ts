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
/**
 * The instants the API takes: epoch milliseconds from 1970 to the end of year 9999. Beyond that
 * range a JavaScript Date is invalid or PostgreSQL's timestamp overflows, so a larger number is
 * refused here (400 VALIDATION_FAILED) rather than failing deep in a query.
 */
export const EPOCH_MS_RANGE = { minimum: 0, maximum: 253_402_300_799_999 } as const;
export const EpochMs = Type.Number({ ...EPOCH_MS_RANGE, description: 'epoch milliseconds' });
/** An instant with its own description. */
export const epochMs = (description: string) => Type.Number({ ...EPOCH_MS_RANGE, description });
export const Empty = Obj({});

/**
 * The one rule for text the API takes (docs/api.md, "Validation"): no string anywhere in a body, key
 * or value, may hold a NUL character (PostgreSQL text cannot store it) or an unpaired UTF-16
 * surrogate (it has no UTF-8 form). Every call's body schema carries this keyword (the server's
 * `callSchema`), and the server's validator runs `findUnsafeText` for it, so a call cannot forget it.
 */
export const PLAIN_TEXT_KEYWORD = 'x-plain-text';

// With the `u` flag a surrogate range matches only a surrogate that is not part of a pair.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this pattern's purpose.
const UNSAFE_TEXT = /[\u0000\uD800-\uDFFF]/u;

export interface UnsafeText {
  /** JSON pointer of the value (or of the object holding the key), as Ajv writes instancePath. */
  instancePath: string;
  reason: 'must not contain a NUL character' | 'must not contain an unpaired surrogate';
}

const reasonOf = (text: string): UnsafeText['reason'] =>
  text.includes('\u0000') ? 'must not contain a NUL character' : 'must not contain an unpaired surrogate';
const pointerPart = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The first string of `value` (walked depth first, keys too) that the API refuses, if any. */
export function findUnsafeText(value: unknown, instancePath = ''): UnsafeText | undefined {
  if (typeof value === 'string')
    return UNSAFE_TEXT.test(value) ? { instancePath, reason: reasonOf(value) } : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findUnsafeText(value[index], `${instancePath}/${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (UNSAFE_TEXT.test(key)) return { instancePath, reason: reasonOf(key) };
      const found = findUnsafeText(item, `${instancePath}/${pointerPart(key)}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** The reply wrapper the spec documents: status 1 with data, or status 0 with code, msg and params. */
/**
 * Present, as 'paper', on every answer to a session acting in paper trading (with the reply header
 * `nivesh-book: paper`); absent in the real book (docs/adr/0026-paper-trading.md).
 */
export const PaperBookMarker = Type.Literal('paper');

export const SuccessEnvelope = <T extends TSchema>(data: T) =>
  Type.Object({ status: Type.Literal(1), msg: Type.String(), data, book: Type.Optional(PaperBookMarker) });

export const ErrorEnvelope = Type.Object({
  status: Type.Literal(0),
  code: Type.String(),
  msg: Type.String(),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  data: Type.Null(),
  book: Type.Optional(PaperBookMarker),
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
