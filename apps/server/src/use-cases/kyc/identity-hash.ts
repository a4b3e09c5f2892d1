import { createHmac } from 'node:crypto';
import type { IdentityDocumentType } from '@nivesh/core';

/**
 * A keyed hash (HMAC-SHA-256 with the server's secret) of an identity number: the same number gives
 * the same hash, so one identity cannot verify two accounts, but the number cannot be recovered from
 * the hash without the key (a bare hash of 12 digits could be reversed by trying them all).
 */
export function identityHash(key: string, type: IdentityDocumentType, normalisedNumber: string): string {
  return createHmac('sha256', key).update(`${type}:${normalisedNumber}`).digest('hex');
}
