import { formatIndianGrouping } from '@nivesh/core';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { appendAudit } from '../repositories/audit.repository.js';
import {
  houseAccountId,
  openUserAccounts,
  postEntry,
  userAccountId,
} from '../repositories/ledger.repository.js';
import { hashPassword } from '../security/passwords.js';
import { createStaffUser } from '../use-cases/staff/staff-sign-in.js';

/** The demo investor starts with ₹5,00,000 of cash, posted as an approved deposit. */
export const DEMO_CASH_PAISE = 50_000_000n;

export interface DemoSeedResult {
  createdAdmin: boolean;
  createdInvestor: boolean;
  createdInviteCode: boolean;
}

/**
 * The demo of a first start: a staff admin, a KYC-verified investor with some rupees, and a working
 * invitation code. Idempotent: each part is created only when missing, and nothing is changed when
 * it exists (a changed password stays changed).
 */
export async function seedDemo(db: Db, config: ServerConfig, nowMs: number): Promise<DemoSeedResult> {
  const { demo } = config;
  const result: DemoSeedResult = { createdAdmin: false, createdInvestor: false, createdInviteCode: false };

  const invite = await db
    .insertInto('invitation_codes')
    .values({ code: demo.inviteCode.toUpperCase(), owner_user_id: null, note: 'demo invitation code' })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  result.createdInviteCode = invite !== undefined;

  const admin = await db
    .selectFrom('staff_users')
    .select('id')
    .where('username', '=', demo.adminUsername)
    .executeTakeFirst();
  if (!admin) {
    const id = await createStaffUser(
      { db },
      {
        username: demo.adminUsername,
        displayName: 'Administrator',
        password: demo.adminPassword,
        roles: ['admin', 'finance', 'compliance', 'support', 'content'],
      },
    );
    await appendAudit(db, {
      actor: { type: 'system' },
      action: 'seed.staff.create',
      target: { type: 'staff', id },
    });
    result.createdAdmin = true;
  }

  const investor = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', demo.investorPhone)
    .executeTakeFirst();
  if (!investor) {
    const passwordHash = await hashPassword(demo.investorPassword);
    const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          phone: demo.investorPhone,
          password_hash: passwordHash,
          real_name: 'Demo Investor',
          kyc_status: 'verified',
          referrer_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('invitation_codes')
        .values({ code: 'DEMOUSER', owner_user_id: user.id, note: 'demo investor' })
        .onConflict((c) => c.column('code').doNothing())
        .execute();
      await openUserAccounts(trx, user.id);
      await postEntry(trx, {
        key: `seed:demo-cash:${user.id}`,
        kind: 'deposit_approved',
        reference: 'demo seed',
        referenceType: 'seed',
        postedBy: { type: 'system' },
        atMs: nowMs,
        postings: [
          {
            accountId: await userAccountId(trx, user.id, 'cash', 'INR'),
            amountMinor: DEMO_CASH_PAISE,
            currency: 'INR',
          },
          { accountId: clearing, amountMinor: -DEMO_CASH_PAISE, currency: 'INR' },
        ],
      });
      await appendAudit(trx, {
        actor: { type: 'system' },
        action: 'seed.investor.create',
        target: { type: 'user', id: user.id },
        after: { cash: formatIndianGrouping(DEMO_CASH_PAISE), kyc: 'verified' },
      });
    });
    result.createdInvestor = true;
  }
  return result;
}
