import { hash, randomBytes, randomInt } from 'node:crypto';

/** A 256-bit random opaque token, URL-safe. Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  // The one-shot hash: every authenticated call hashes its token, and a Hash object per call costs
  // more than the digest (docs/adr/0038).
  return hash('sha256', value, 'hex');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I to misread

/** A random code from an unambiguous alphabet, e.g. an invitation or reset code. */
export function newReadableCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
