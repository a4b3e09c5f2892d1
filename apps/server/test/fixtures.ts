import type { StaffRoleName } from '@nivesh/contract';
import * as OTPAuth from 'otpauth';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../src/repositories/ledger.repository.js';
import { hashPassword } from '../src/security/passwords.js';
import { createStaffUser } from '../src/use-cases/staff/staff-sign-in.js';
import type { TestApp } from './harness.js';

let nextPhoneNumber = 7_000_000_000 + Math.floor(Math.random() * 900_000_000);

export interface TestInvestor {
  id: bigint;
  phone: string;
  password: string;
  /** Headers that authenticate an investor call. */
  headers: { token: string; account: string };
}

/**
 * An investor signed in through the real login call, with KYC in the given state (verified by
 * default) and, when `cashPaise` is given, that much cash credited by a balanced deposit entry.
 * Tests of trading, funds and products start from here instead of repeating the setup.
 */
export async function createInvestor(
  t: TestApp,
  options: {
    cashPaise?: bigint;
    kyc?: 'unverified' | 'pending' | 'verified' | 'rejected';
    realName?: string;
    fundPassword?: string;
  } = {},
): Promise<TestInvestor> {
  const phone = String(nextPhoneNumber++);
  const password = 'Secret123';
  const user = await t.db
    .insertInto('users')
    .values({
      phone,
      password_hash: await hashPassword(password),
      fund_password_hash: options.fundPassword ? await hashPassword(options.fundPassword) : null,
      real_name: options.realName ?? 'Test Investor',
      kyc_status: options.kyc ?? 'verified',
      referrer_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.transaction().execute(async (trx) => {
    await openUserAccounts(trx, user.id);
    if (options.cashPaise && options.cashPaise > 0n) {
      await postEntry(trx, {
        key: `test:fund:${user.id}`,
        kind: 'deposit_approved',
        reference: 'test fixture',
        referenceType: 'seed',
        postedBy: { type: 'system' },
        atMs: t.clock.now(),
        postings: [
          {
            accountId: await userAccountId(trx, user.id, 'cash', 'INR'),
            amountMinor: options.cashPaise,
            currency: 'INR',
          },
          {
            accountId: await houseAccountId(trx, 'house_deposits_clearing', 'INR'),
            amountMinor: -options.cashPaise,
            currency: 'INR',
          },
        ],
      });
    }
  });
  const login = await t.call('user/login', { account: phone, password });
  if (login.body.status !== 1) throw new Error(`fixture login failed: ${JSON.stringify(login.body)}`);
  return {
    id: user.id,
    phone,
    password,
    headers: { token: login.body.data.token as string, account: phone },
  };
}

export interface TestStaff {
  id: bigint;
  username: string;
  secret: string;
  headers: { 'x-staff-token': string };
}

/** A staff member with the given roles, signed in through the real sign-in and TOTP enrolment. */
export async function createStaff(t: TestApp, roles: StaffRoleName[]): Promise<TestStaff> {
  const username = `staff${Math.floor(Math.random() * 1e9)}`;
  const password = 'Staff@12345';
  await createStaffUser({ db: t.db }, { username, displayName: username, password, roles });
  const first = await t.call('/api/console/staff/login', { username, password });
  if (first.body.data?.kind !== 'enrollment')
    throw new Error(`fixture staff login: ${JSON.stringify(first.body)}`);
  const secret = first.body.data.secret as string;
  const enrolled = await t.call('/api/console/staff/enrollTotp', {
    enrollmentToken: first.body.data.enrollmentToken,
    totpCode: new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
      timestamp: t.clock.now(),
    }),
  });
  if (enrolled.body.status !== 1) throw new Error(`fixture TOTP enrolment: ${JSON.stringify(enrolled.body)}`);
  const row = await t.db
    .selectFrom('staff_users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { id: row.id, username, secret, headers: { 'x-staff-token': enrolled.body.data.token as string } };
}

/** Signs the investor in again (after the test clock has passed the session's idle expiry). */
export async function logInAgain(t: TestApp, investor: TestInvestor): Promise<TestInvestor> {
  const login = await t.call('user/login', { account: investor.phone, password: investor.password });
  if (login.body.status !== 1) throw new Error(`fixture login failed: ${JSON.stringify(login.body)}`);
  return { ...investor, headers: { token: login.body.data.token as string, account: investor.phone } };
}
