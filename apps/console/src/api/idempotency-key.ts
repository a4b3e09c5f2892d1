import type { CallOptions } from './client';

/**
 * A fresh UUID v4 for the `Idempotency-Key` header. `crypto.randomUUID` exists only in secure
 * contexts (https or localhost); a console opened over plain http on a LAN address still has
 * `crypto.getRandomValues`, so the key is built from that.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A state-changing call takes the submission's idempotency key; without one it gets a fresh key. */
export const mutating = (options: CallOptions = {}): CallOptions => ({
  ...options,
  idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
});
