import type { investInFollowProduct as investCall } from '@nivesh/contract';
import { type CurrencyCode, followInvestmentRefusal, formatPaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { paiseFromInput } from '../../application/money-input.js';
import { isUniqueViolation } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findProductNameFollowedBy,
  insertFollow,
  lockFollowProduct,
} from '../../repositories/follow.repository.js';
import { userAccountId } from '../../repositories/ledger.repository.js';
import { insertUserMessage, publishMessage } from '../../repositories/message.repository.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { refuseUnlessMayTrade } from '../trading/refuse-unless-may-trade.js';
import { postFollowTransfer } from './follow-ledger.js';
import { toFollowView } from './follow-views.js';

/**
 * An investor follows a product: the amount moves from cash to the follow allocation in one
 * balanced entry (`follow:<id>:invest`), and from then on the engine mirrors the strategy's trades
 * into it. Refused, writing nothing: KYC not verified, a frozen or trading-barred account, a product
 * that does not exist, ended or was taken down (PRODUCT_NOT_FOUND), the copy time limit passed,
 * below the product minimum, another follow in progress, more than the cash (FUNDS_INSUFFICIENT).
 */
export const investInFollowProduct: InvestorUseCase<typeof investCall> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  refuseUnlessMayTrade(context.user);
  const amountPaise = paiseFromInput('amount', input.amount);
  const productId = BigInt(input.id);
  const { follow, product, message } = await inTransaction(deps.db, async (trx) => {
    const product = await lockFollowProduct(trx, productId);
    const refusal = followInvestmentRefusal(
      product && {
        state: product.state,
        takenDown: product.takenDownAtMs !== null,
        copyUntilMs: product.copyUntilMs,
        minInvestmentPaise: product.minInvestmentPaise,
      },
      amountPaise,
      nowMs,
    );
    if (refusal?.code === 'BELOW_PRODUCT_MINIMUM') {
      refuse('BELOW_PRODUCT_MINIMUM', { min: formatPaise(product!.minInvestmentPaise) });
    }
    if (refusal) refuse(refusal.code);
    const found = product!;
    const current = await findProductNameFollowedBy(trx, context.user.id);
    if (current !== undefined) refuse('FOLLOW_ALREADY_IN_PROGRESS', { product: current });
    const currency = found.currency as CurrencyCode;
    const follow = await insertFollow(trx, {
      productId: found.id,
      userId: context.user.id,
      amountPaise,
      startedAtMs: nowMs,
    }).catch((error: unknown) => {
      // Two investments at once: the unique index lets one through.
      if (isUniqueViolation(error)) refuse('FOLLOW_ALREADY_IN_PROGRESS', { product: found.name });
      throw error;
    });
    await postFollowTransfer(trx, {
      key: `follow:${follow.id}:invest`,
      kind: 'follow_invest',
      reference: { type: 'follow', id: follow.id },
      from: await userAccountId(trx, context.user.id, 'cash', currency),
      to: await userAccountId(trx, context.user.id, 'follow_allocation', currency),
      amountPaise,
      currency,
      postedBy: { type: 'user', id: context.user.id },
      atMs: nowMs,
    });
    await auditUserAct(trx, context, {
      action: 'follow.invest',
      target: { type: 'follow', id: follow.id },
      after: { productId: found.id, amountPaise },
    });
    const message = await insertUserMessage(trx, {
      userId: context.user.id,
      kind: 'FOLLOW_STARTED',
      params: { product: found.name, amount: formatPaise(amountPaise) },
      dedupeKey: `follow:${follow.id}:started`,
      atMs: nowMs,
    });
    return { follow, product: found, message };
  });
  publishMessage(deps.userEvents, message);
  return toFollowView(deps, follow, product, nowMs);
};
