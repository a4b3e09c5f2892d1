import type { lendShares as lendSharesCall } from '@nivesh/contract';
import {
  fitsLendingQuota,
  formatPaise,
  lendingFeePaise,
  lendingIneligibility,
  lendingTermEndMs,
  lendingValuePaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findLendingInProgress,
  findListedLending,
  inProgressValueOf,
  insertLending,
  lockLendingQuota,
} from '../../repositories/lending.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';
import { lockPosition } from '../../repositories/position.repository.js';
import { auditAct } from '../audit/audit-act.js';
import { toLendingView } from './lending-view.js';

/**
 * Lends shares of one of the investor's holdings into the pool for a term (DESIGN §5; ADR 0015).
 * The shares stay the investor's (the holding is unchanged) but the holding is locked from closing
 * until the term ends. The value (quantity × the feed's last price), the rate in force and the fee
 * are fixed now and shown before confirming; the fee is paid at the term end (complete-lendings.ts).
 *
 * Refused, writing nothing: the channel closed; someone else's or no such position (ORDER_NOT_FOUND);
 * a position that is not holding (REPEATED_OPERATION); a short, levered, intraday or copy-trading
 * position (LENDING_NOT_ELIGIBLE); a holding lent already (REPEATED_OPERATION); more shares than held;
 * a value below the minimum; a value beyond the pool quota ("quota full").
 */
export const lendShares: InvestorUseCase<typeof lendSharesCall> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  const userId = context.user.id;
  if (context.user.flags.has('frozen')) refuse('ACCOUNT_FROZEN');
  const parameters = await readParameters(deps.db);
  if (!parameters.lending_channel_open) refuse('LENDING_CHANNEL_CLOSED');
  const positionId = BigInt(input.positionId);

  const lending = await inTransaction(deps.db, async (trx) => {
    // The holding's row lock: a close and a lending of one holding never interleave.
    const position = (await lockPosition(trx, positionId, userId)) ?? refuse('ORDER_NOT_FOUND');
    const ineligible = lendingIneligibility(position);
    if (ineligible === 'not_holding') refuse('REPEATED_OPERATION', { state: 'holding' });
    if (ineligible !== null) refuse('LENDING_NOT_ELIGIBLE');
    if (await findLendingInProgress(trx, positionId))
      refuse('REPEATED_OPERATION', { state: 'available to lend' });
    const quantity = input.quantity ?? position.quantity;
    if (quantity > position.quantity)
      refuse('VALIDATION_FAILED', { field: 'quantity', reason: 'more than held' });

    const price = await deps.prices.current(position.symbol, 0);
    if (!price || price.pricePaise <= 0n) refuse('PRICE_UNAVAILABLE');
    const pricePaise = price!.pricePaise;
    const valuePaise = lendingValuePaise(quantity, pricePaise);
    if (valuePaise < parameters.lending_value_min) {
      refuse('LENDING_BELOW_MINIMUM', { min: formatPaise(parameters.lending_value_min) });
    }
    await lockLendingQuota(trx);
    if (!fitsLendingQuota(await inProgressValueOf(trx), valuePaise, parameters.lending_pool_quota)) {
      refuse('LENDING_QUOTA_FULL');
    }

    const feeBpsPerDay = parameters.lending_fee_bps_per_day;
    const expectedFeePaise = lendingFeePaise(valuePaise, feeBpsPerDay, input.termDays);
    const lendingId = await insertLending(trx, {
      userId,
      positionId,
      symbol: position.symbol,
      quantity,
      pricePaise,
      valuePaise,
      termDays: input.termDays,
      feeBpsPerDay,
      expectedFeePaise,
      lentAtMs: nowMs,
      termEndsAtMs: lendingTermEndMs(nowMs, input.termDays),
    });
    await auditAct(trx, { type: 'user', id: userId }, context, {
      action: 'lending.lend',
      target: { type: 'lending', id: lendingId },
      after: {
        positionId,
        symbol: position.symbol,
        quantity,
        value: formatPaise(valuePaise),
        termDays: input.termDays,
        feeBpsPerDay,
        expectedFee: formatPaise(expectedFeePaise),
      },
    });
    return findListedLending(trx, lendingId);
  });
  deps.userEvents.publishUserEvent(userId, { type: 'lending', event: 'lent', id: String(lending.id) });
  return toLendingView(lending);
};
