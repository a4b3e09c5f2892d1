import { randomBytes } from 'node:crypto';
import type { staffCreateFollowProduct as call } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffContext, StaffUseCase } from '../../application/context.js';
import { paiseFromInput } from '../../application/money-input.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type FollowProductRecord,
  findFollowProduct,
  insertFollowProduct,
  lockFollowProduct,
  markFollowProductListed,
  markFollowProductTakenDown,
} from '../../repositories/follow.repository.js';
import { houseAccountId, openUserAccounts, userAccountId } from '../../repositories/ledger.repository.js';
import { readParameter } from '../../repositories/parameter.repository.js';
import { insertStrategyUser } from '../../repositories/user.repository.js';
import { openApprovalRequest } from '../approvals/second-approval.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { postFollowTransfer } from './follow-ledger.js';
import { toStaffFollowProductView } from './follow-views.js';

const MAX_FUND_SIZE_PAISE = 1_000_000_000_000n; // ₹1,000 crore: a bound on what a form can ask for.

/** The reason an unfunded product is off the investors' list until its funding is approved. */
export const AWAITING_FUNDING_REASON = 'Waiting for a second staff member to approve its funding';

/**
 * Funds a product's strategy account from the house strategy capital by one balanced entry
 * (`follow:product:<id>:fund`); the caller audits it.
 */
async function fundProduct(trx: Db, context: StaffContext, product: FollowProductRecord, reason: string) {
  const currency = 'INR' as const; // copy-trading products are in rupees (see createFollowProduct)
  const capitalAccount = await houseAccountId(trx, 'house_strategy_capital', currency);
  await postFollowTransfer(trx, {
    key: `follow:product:${product.id}:fund`,
    kind: 'follow_strategy_fund',
    reference: { type: 'follow_product', id: product.id },
    from: capitalAccount,
    to: await userAccountId(trx, product.strategyUserId, 'cash', currency),
    amountPaise: product.fundSizePaise,
    currency,
    postedBy: { type: 'staff', id: context.staff.id },
    atMs: context.nowMs,
    reason,
  });
}

/**
 * The checker's side of a `follow_funding` request (ADR 0027): the strategy account is funded and
 * the product goes on the investors' list, in the checker's transaction.
 */
export async function applyFollowFunding(
  trx: Db,
  context: StaffContext,
  request: { targetId: string; reason: string },
): Promise<void> {
  const product = (await lockFollowProduct(trx, BigInt(request.targetId))) ?? refuse('PRODUCT_NOT_FOUND');
  if (product.state === 'ended') refuse('REPEATED_OPERATION', { state: 'ended' });
  await fundProduct(trx, context, product, request.reason);
  await markFollowProductListed(trx, product.id);
  await auditStaffAct(trx, context, {
    action: 'follow.fund',
    target: { type: 'follow_product', id: product.id },
    before: { takenDown: true },
    after: { fundSizePaise: product.fundSizePaise, takenDown: false },
    reason: request.reason,
  });
}

/** A rejected funding leaves the product off the list, saying why. */
export async function rejectFollowFunding(
  trx: Db,
  context: StaffContext,
  request: { targetId: string },
  reason: string,
): Promise<void> {
  await markFollowProductTakenDown(trx, BigInt(request.targetId), {
    atMs: context.nowMs,
    reason: `Funding rejected: ${reason}`,
  });
}

/**
 * Creates a copy-trading product and the strategy account it follows, in one transaction: the
 * strategy account is a users row of kind 'strategy' (KYC verified so the ordinary order flow
 * accepts it, with no usable password and a phone that is not a phone number, so nobody signs in
 * as it), funded with the fund size from the house strategy capital by one balanced entry
 * (`follow:product:<id>:fund`). Audited with the staff member and the reason. A fund size above
 * `follow_funding_second_approver_above` is not funded by one person (ADR 0027): the product is
 * created off the investors' list and a `follow_funding` request waits for a second staff member.
 */
export const createFollowProduct: StaffUseCase<typeof call> = async (deps, context, input) => {
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
    if (fundSizePaise > (await readParameter(trx, 'follow_funding_second_approver_above'))) {
      await markFollowProductTakenDown(trx, product.id, { atMs: nowMs, reason: AWAITING_FUNDING_REASON });
      await openApprovalRequest(trx, context, {
        kind: 'follow_funding',
        targetId: String(product.id),
        targetLabel: `${name} (copy-trading product)`,
        payload: { change: [{ field: 'strategyCash', before: '0.00', after: formatPaise(fundSizePaise) }] },
        amountMinor: fundSizePaise,
        currency,
        reason: input.reason,
      });
    } else {
      await fundProduct(trx, context, product, input.reason);
    }
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
  return toStaffFollowProductView(deps, (await findFollowProduct(deps.db, created.id))!, nowMs);
};
