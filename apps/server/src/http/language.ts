import { type Language, languageFromAcceptLanguage, normaliseLanguage } from '@nivesh/contract';
import type { FastifyRequest } from 'fastify';

/** The reply language: the `lang` header (en, hi, zh; `yd` means hi), else Accept-Language, else en. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers.lang;
  if (typeof explicit === 'string' && explicit.trim() !== '') return normaliseLanguage(explicit);
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
}
