import { randomBytes } from 'node:crypto';
import type { BodyOf, staffCreateFollowProduct } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { paiseFromInput } from '../../application/money-input.js';
import { inTransaction } from '../../db/transaction.js';
import { insertFollowProduct } from '../../repositories/follow.repository.js';
import { houseAccountId, openUserAccounts, userAccountId } from '../../repositories/ledger.repository.js';
import { insertStrategyUser } from '../../repositories/user.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { postFollowTransfer } from './follow-ledger.js';
import { type StaffFollowProductView, toStaffFollowProductView } from './follow-views.js';

const MAX_FUND_SIZE_PAISE = 1_000_000_000_000n; // ₹1,000 crore: a bound on what a form can ask for.

/**
 * Creates a copy-trading product and the strategy account it follows, in one transaction: the
 * strategy account is a users row of kind 'strategy' (KYC verified so the ordinary order flow
 * accepts it, with no usable password and a phone that is not a phone number, so nobody signs in
 * as it), funded with the fund size from the house strategy capital by one balanced entry
 * (`follow:product:<id>:fund`). Audited with the staff member and the reason.
 */
export async function createFollowProduct(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof staffCreateFollowProduct>,
): Promise<StaffFollowProductView> {
  const nowMs = context.nowMs;
  const fundSizePaise = paiseFromInput('fundSize', input.fundSize, { maxPaise: MAX_FUND_SIZE_PAISE });
  const minInvestmentPaise = paiseFromInput('minInvestment', input.minInvestment, {
    maxPaise: fundSizePaise,
  });
  const name = input.name.trim();
  if (name.length < 2) refuse('VALIDATION_FAILED', { field: 'name', reason: 'too_short' });
  if (!Number.isSafeInteger(input.endsAt) || input.endsAt <= nowMs) {
    refuse('VALIDATION_FAILED', { field: 'endsAt', reason: 'not_in_future' });
  }
  if (!Number.isSafeInteger(input.copyUntil) || input.copyUntil <= nowMs || input.copyUntil > input.endsAt) {
    refuse('VALIDATION_FAILED', { field: 'copyUntil', reason: 'not_between_now_and_end' });
  }
  const currency = 'INR' as const;
  const capitalAccount = await houseAccountId(deps.db, 'house_strategy_capital', currency);
  const created = await inTransaction(deps.db, async (trx) => {
    const strategyUserId = await insertStrategyUser(trx, {
      // Not a phone number: the sign-in call never finds it, and the hash below never verifies.
      phone: `strategy-${randomBytes(6).toString('hex')}`,
      passwordHash: '!strategy-account-no-sign-in',
      realName: `Strategy: ${name}`,
    });
    await openUserAccounts(trx, strategyUserId, currency);
    const product = await insertFollowProduct(trx, {
      name,
      description: input.description.trim(),
      strategyUserId,
      currency,
      fundSizePaise,
      minInvestmentPaise,
      copyUntilMs: input.copyUntil,
      endsAtMs: input.endsAt,
      createdByStaffId: context.staff.id,
      createdAtMs: nowMs,
    });
    await postFollowTransfer(trx, {
      key: `follow:product:${product.id}:fund`,
      kind: 'follow_strategy_fund',
      reference: { type: 'follow_product', id: product.id },
      from: capitalAccount,
      to: await userAccountId(trx, strategyUserId, 'cash', currency),
      amountPaise: fundSizePaise,
      currency,
      postedBy: { type: 'staff', id: context.staff.id },
      atMs: nowMs,
      reason: input.reason,
    });
    await auditStaffAct(trx, context, {
      action: 'follow.create',
      target: { type: 'follow_product', id: product.id },
      after: {
        name,
        strategyUserId,
        fundSizePaise,
        minInvestmentPaise,
        copyUntil: input.copyUntil,
        endsAt: input.endsAt,
      },
      reason: input.reason,
    });
    return product;
  });
  return toStaffFollowProductView(deps, created, nowMs);
}
