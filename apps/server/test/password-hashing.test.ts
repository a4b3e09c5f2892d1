import { setImmediate as turn } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hashPassword,
  limitPasswordHashing,
  passwordHashingLoad,
  verifyPassword,
} from '../src/security/passwords.js';

// The bound on argon2id computations (docs/adr/0030): what runs at once, not what a sign-in does.
describe('password hashing', () => {
  afterEach(() => limitPasswordHashing(1));

  it('runs at most the bound at once and the rest in turn, each with its own answer', async () => {
    limitPasswordHashing(1);
    const stored = await hashPassword('Sample1234');
    const checks = [
      verifyPassword(stored, 'Sample1234'),
      verifyPassword(stored, 'wrong-1234'),
      verifyPassword(stored, 'Sample1234'),
      hashPassword('Another123'),
    ];
    // p-limit starts a computation a microtask after it is asked for.
    await turn();
    expect(passwordHashingLoad()).toEqual({ running: 1, waiting: 3 });
    const [right, wrong, again, newHash] = await Promise.all(checks);
    expect([right, wrong, again]).toEqual([true, false, true]);
    expect(await verifyPassword(newHash as string, 'Another123')).toBe(true);
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it('runs more at once when the bound is raised, and never fewer than one', async () => {
    limitPasswordHashing(3);
    const stored = await hashPassword('Sample1234');
    const checks = Array.from({ length: 4 }, () => verifyPassword(stored, 'Sample1234'));
    await turn();
    expect(passwordHashingLoad()).toEqual({ running: 3, waiting: 1 });
    expect(await Promise.all(checks)).toEqual([true, true, true, true]);
    limitPasswordHashing(0);
    const single = [verifyPassword(stored, 'Sample1234'), verifyPassword(stored, 'Sample1234')];
    await turn();
    expect(passwordHashingLoad()).toEqual({ running: 1, waiting: 1 });
    await Promise.all(single);
  });

  it('answers false for a stored value that is not an argon2 hash, and frees its turn', async () => {
    limitPasswordHashing(1);
    expect(await verifyPassword('not-a-hash', 'Sample1234')).toBe(false);
    expect(passwordHashingLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
