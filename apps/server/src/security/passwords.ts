import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { defaultSignInConcurrency } from '../config.js';

// argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1), OWASP's minimum recommendation:
// about 11 ms to hash and 24 ms to verify on these machines.
const ARGON2ID = 2;

// Each computation takes a core for tens of milliseconds. Bounding the computations, not the
// requests that make them, keeps the cores the event loop and its orders need while the rest of a
// sign-in (its reads and writes) overlaps with other sign-ins' hashing (docs/adr/0030). The default
// holds until buildApp applies the configured bound: seeds and tools hash before it.
const hashing = pLimit(defaultSignInConcurrency());

/** Sets how many argon2id computations this process runs at once (NIVESH_SIGNIN_CONCURRENCY). */
export function limitPasswordHashing(computationsAtOnce: number): void {
  hashing.concurrency = Math.max(1, computationsAtOnce);
}

/** The argon2id computations running and waiting now. */
export function passwordHashingLoad(): { running: number; waiting: number } {
  return { running: hashing.activeCount, waiting: hashing.pendingCount };
}

export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, { algorithm: ARGON2ID }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

// A real hash of a random string, verified when an account does not exist so that a wrong phone
// takes as long as a wrong password and the timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A login password: 8 to 128 characters with at least one letter and one digit. */
export const LOGIN_PASSWORD_MIN_LENGTH = 8;
export function isStrongLoginPassword(password: string): boolean {
  return password.length >= LOGIN_PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(password) && /[0-9]/.test(password);
}

/** A fund password (a PIN for money actions): 6 to 128 characters. */
export const FUND_PASSWORD_MIN_LENGTH = 6;
export function isAcceptableFundPassword(password: string): boolean {
  return password.length >= FUND_PASSWORD_MIN_LENGTH;
}
