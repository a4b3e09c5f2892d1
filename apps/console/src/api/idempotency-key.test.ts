import { describe, expect, it } from 'vitest';
import { mutating } from './idempotency-key';

describe('the options of a state-changing call', () => {
  it('keep the idempotency key of the submission, so a repeat is the same action', () => {
    const signal = new AbortController().signal;
    expect(mutating({ idempotencyKey: 'repeat-key-1', signal })).toEqual({
      idempotencyKey: 'repeat-key-1',
      signal,
    });
  });

  it('get a fresh key each time none is given', () => {
    const first = mutating().idempotencyKey;
    const second = mutating({}).idempotencyKey;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});
