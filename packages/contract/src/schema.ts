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

export interface CallDefinition<
  B extends TSchema = TSchema,
  D extends TSchema = TSchema,
  A extends boolean = boolean,
> {
  /** `<area>/<camelCaseAction>`, mounted at `/api/vue/<path>`. */
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
}

export const defineCall = <B extends TSchema, D extends TSchema, const A extends boolean>(
  call: CallDefinition<B, D, A>,
) => call;

export type BodyOf<C> = C extends CallDefinition<infer B, TSchema> ? Static<B> : never;
export type DataOf<C> = C extends CallDefinition<TSchema, infer D> ? Static<D> : never;
