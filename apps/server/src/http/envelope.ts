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

// bigint never reaches JSON: the API speaks decimal strings for money. A bigint here is a bug
// that would otherwise throw deep inside the serializer.
export function jsonReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint')
    throw new TypeError('bigint in a reply: format it as a decimal string first');
  return value;
}
