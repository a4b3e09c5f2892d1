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
import { hasRow } from '../repositories/row-lookups.js';
import { hashPassword } from '../security/passwords.js';
import { createStaffUser } from '../use-cases/staff/staff-sign-in.js';
import { seedDemoExchangePairs } from './demo-exchange-pairs.js';
import { seedDemoShowcase } from './demo-showcase.js';

/** The demo investor starts with ₹5,00,000 of cash, posted as an approved deposit. */
export const DEMO_CASH_PAISE = 50_000_000n;

/**
 * The demo investor's payout bank account, added 30 days before the first start so its cooling-off
 * (24 hours by default, `funds.coolingOffHours`) is long over: a withdrawal works on a fresh install.
 */
export const DEMO_BANK = {
  holderName: 'Demo Investor',
  accountNumber: '50100123456789',
  ifsc: 'HDFC0000001',
  bankName: 'HDFC Bank',
  branchName: 'Demo branch',
} as const;
const DEMO_BANK_ADDED_DAYS_AGO = 30;
const DAY_MS = 86_400_000;

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

  if (!(await hasRow(db, 'staff_users', { username: demo.adminUsername }))) {
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

  if (!(await hasRow(db, 'users', { phone: demo.investorPhone }))) {
    const passwordHash = await hashPassword(demo.investorPassword);
    const clearing = await houseAccountId(db, 'house_deposits_clearing', 'INR');
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          phone: demo.investorPhone,
          password_hash: passwordHash,
          fund_password_hash: await hashPassword(demo.investorFundPassword),
          real_name: 'Demo Investor',
          kyc_status: 'verified',
          // A score in the demo quota table's ₹2,00,000 tier, so a credit loan can be tried at once.
          credit_score: 720,
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
  await seedDemoPayoutSetup(db, demo, nowMs);
  await seedDemoDepositChannels(db, nowMs);
  await seedDemoShowcase(db, config, nowMs);
  await seedDemoExchangePairs(db, config, nowMs);
  return result;
}

/**
 * What the demo investor needs to withdraw: a fund password and a payout bank account past its
 * cooling-off. Each is added only when missing (an install seeded before they were part of the
 * demo gets them; a changed fund password or a removed card is left as it is).
 */
async function seedDemoPayoutSetup(db: Db, demo: ServerConfig['demo'], nowMs: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'fund_password_hash'])
    .where('phone', '=', demo.investorPhone)
    .executeTakeFirst();
  if (!user) return;
  if (user.fund_password_hash === null) {
    await db
      .updateTable('users')
      .set({ fund_password_hash: await hashPassword(demo.investorFundPassword) })
      .where('id', '=', user.id)
      .where('fund_password_hash', 'is', null)
      .execute();
  }
  const anyDestination = await db
    .selectFrom('payout_destinations')
    .select('id')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (anyDestination) return;
  const addedAtMs = nowMs - DEMO_BANK_ADDED_DAYS_AGO * DAY_MS;
  await db
    .insertInto('payout_destinations')
    .values({
      user_id: user.id,
      kind: 'bank',
      holder_name: DEMO_BANK.holderName,
      account_number: DEMO_BANK.accountNumber,
      ifsc: DEMO_BANK.ifsc,
      bank_name: DEMO_BANK.bankName,
      branch_name: DEMO_BANK.branchName,
      network: null,
      address: null,
      match_key: `${DEMO_BANK.ifsc}:${DEMO_BANK.accountNumber}`,
      created_at: new Date(addedAtMs),
      usable_from: new Date(addedAtMs + DAY_MS),
    })
    .execute();
  await appendAudit(db, {
    actor: { type: 'system' },
    action: 'seed.investor.payout_destination',
    target: { type: 'user', id: user.id },
    after: { bank: `${DEMO_BANK.bankName} ${DEMO_BANK.ifsc}` },
  });
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
