import {
  type ErrorCode,
  type ErrorParams,
  errorMessage,
  httpStatusOf,
  type Language,
} from '@nivesh/contract';
import type { FastifyReply } from 'fastify';

export interface SuccessReply<T> {
  status: 1;
  msg: string;
  data: T;
}

export interface RefusalReply {
  status: 0;
  code: ErrorCode;
  msg: string;
  params: ErrorParams;
  data: null;
}

export function refusalReply(code: ErrorCode, language: Language, params: ErrorParams = {}): RefusalReply {
  return { status: 0, code, msg: errorMessage(code, language, params), params, data: null };
}

export function sendRefusal(
  reply: FastifyReply,
  code: ErrorCode,
  language: Language,
  params: ErrorParams = {},
) {
  return reply.status(httpStatusOf(code)).send(refusalReply(code, language, params));
}

/**
 * A reply's JSON text. bigint never reaches JSON: the API speaks decimal strings for money, and
 * JSON.stringify itself throws a TypeError on a bigint, so a forgotten conversion is a 500, never a
 * wrong number. No replacer: one sends every value of every reply through JSON's slow path, about
 * 1 % of an order round trip's CPU (docs/adr/0038).
 */
export function replyJson(body: unknown): string {
  return JSON.stringify(body);
}
