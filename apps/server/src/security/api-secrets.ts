import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256Hex } from './tokens.js';

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A public API key: 16 lower-case letters and digits, as Kite's keys look. */
export function newApiKey(): string {
  const bytes = randomBytes(16);
  let key = '';
  for (const byte of bytes) key += KEY_ALPHABET[byte % KEY_ALPHABET.length];
  return key;
}

/** A fresh nonce for an app's secret; rotating the secret replaces the nonce. */
export function newSecretNonce(): string {
  return randomBytes(16).toString('hex');
}

/**
 * An app's secret, derived from the server's key and the app's nonce (docs/adr/0025): the
 * database keeps only `sha256(secret)`, yet the server can recompute the secret the session
 * checksum `sha256(api_key + request_token + api_secret)` needs. 32 lower-case hex digits.
 */
export function deriveApiSecret(serverKey: string, apiKey: string, nonce: string): string {
  return createHmac('sha256', serverKey).update(`api-secret:${apiKey}:${nonce}`).digest('hex').slice(0, 32);
}

/** Whether `checksum` is the lower-case hex SHA-256 of `parts` joined, compared in constant time. */
export function isChecksumOf(checksum: string, parts: readonly string[]): boolean {
  const expected = Buffer.from(sha256Hex(parts.join('')), 'utf8');
  const given = Buffer.from(checksum, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
