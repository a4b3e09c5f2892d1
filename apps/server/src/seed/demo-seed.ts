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
  await seedDemoDepositChannels(db, nowMs);
  return result;
}

/**
 * Two deposit channels (UPI and bank transfer, DESIGN §5 limits and window) so that a demo investor
 * can try a deposit at once; staff edit or disable them in the console. Only on a database that has
 * no channel yet, so a broker's own channels are never touched. The payee details are placeholders.
 */
async function seedDemoDepositChannels(db: Db, nowMs: number): Promise<void> {
  const existing = await db.selectFrom('deposit_channels').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const common = {
    currency: 'INR',
    enabled: true,
    min_minor: 100_00n,
    max_minor: 10_00_000_00n,
    window_from: '00:00',
    window_to: '23:59',
    created_at: new Date(nowMs),
    updated_at: new Date(nowMs),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('deposit_channels')
      .values([
        {
          ...common,
          kind: 'upi',
          name: 'UPI (demo)',
          position: 0,
          details: JSON.stringify({ vpa: 'nivesh.demo@okhdfcbank', payeeName: 'Nivesh Demo Broker' }),
        },
        {
          ...common,
          kind: 'bank',
          name: 'Bank transfer (demo)',
          position: 1,
          details: JSON.stringify({
            accountName: 'Nivesh Demo Broker',
            accountNumber: '50100012345678',
            ifsc: 'HDFC0000001',
            bankName: 'HDFC Bank',
          }),
        },
      ])
      .execute();
    await appendAudit(trx, {
      actor: { type: 'system' },
      action: 'seed.deposit_channels.create',
      after: { channels: ['UPI (demo)', 'Bank transfer (demo)'] },
    });
  });
}
