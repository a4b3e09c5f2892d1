import type { BodyOf, staffSaveIpo } from '@nivesh/contract';
import {
  IPO_MONEY_MODES,
  type IpoMoneyMode,
  issueTimesProblem,
  subscriptionQuantityProblem,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import { paiseFromInput } from '../../application/money-input.js';
import { inTransaction } from '../../db/transaction.js';
import {
  findInstrumentBySymbol,
  insertInstrument,
  updateInstrument,
} from '../../repositories/instrument.repository.js';
import { insertIssue, lockIssue, updateIssue } from '../../repositories/ipo.repository.js';
import { readParameters } from '../../repositories/parameter.repository.js';
import { forgetInstrumentCache } from '../../trading/instrument-cache.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { type StaffIssueView, staffIssueView } from './ipo-view.js';

type Input = BodyOf<typeof staffSaveIpo>;

/** The draw gives out at most this many lots: a published bound on its work (docs/ipo-draw.md). */
export const OFFERED_LOTS_MAX = 1_000_000;
/** NSE's tick: an issue price is on it, like every price. */
const TICK_PAISE = 5n;
/** The listing-day band of an NSE IPO (±20%), the instrument's band from then on. */
const LISTING_BAND_BPS = 2_000;

/**
 * Creates an issue with its instrument (segment 'subscription', not tradable until listing day), or
 * edits one. Everything may change until the window opens; after that only the final price, until
 * the draw, since the window's terms are what investors subscribed to. The money mode, minimum and
 * per-user count are copied from the parameters at creation, so changing a parameter later does not
 * alter a running issue.
 */
export async function saveIpoIssue(
  deps: AppDeps,
  context: StaffContext,
  input: Input,
): Promise<StaffIssueView> {
  const nowMs = context.nowMs;
  const provisionalPaise = paiseFromInput('provisionalPrice', input.provisionalPrice);
  const finalPaise =
    input.finalPrice === undefined || input.finalPrice === null
      ? null
      : paiseFromInput('finalPrice', input.finalPrice);
  if (provisionalPaise % TICK_PAISE !== 0n || (finalPaise !== null && finalPaise % TICK_PAISE !== 0n)) {
    refuse('PRICE_OFF_TICK', { tick: '0.05' });
  }
  if (finalPaise !== null && finalPaise > provisionalPaise) {
    refuse('IPO_TERMS_INVALID', { reason: 'the final price cannot be above the provisional price' });
  }
  const parameters = await readParameters(deps.db);
  const minShares = input.minShares ?? parameters.ipo_subscription_min_shares;
  const perUserLimit = input.perUserLimit ?? parameters.ipo_subscriptions_per_user;
  checkTerms(input, minShares, parameters.ipo_subscription_min_shares);
  const times = {
    opensAtMs: input.opensAt,
    closesAtMs: input.closesAt,
    drawAtMs: input.drawAt,
    allotmentAtMs: input.allotmentAt,
    listingAtMs: input.listingAt,
  };
  const datesProblem = issueTimesProblem(times);
  if (datesProblem) refuse('IPO_DATES_INVALID', { reason: datesProblem });

  const terms = {
    name: input.name,
    issue_market: input.issueMarket,
    sponsor: input.sponsor,
    provisional_price_paise: provisionalPaise,
    final_price_paise: finalPaise,
    lot_size: input.lotSize,
    min_subscription_shares: minShares,
    subscriptions_per_user: perUserLimit,
    offered_shares: BigInt(input.offeredShares),
    opens_at: new Date(input.opensAt),
    closes_at: new Date(input.closesAt),
    draw_at: new Date(input.drawAt),
    allotment_at: new Date(input.allotmentAt),
    listing_at: new Date(input.listingAt),
  };

  const saved = await inTransaction(deps.db, async (trx) => {
    if (input.id === undefined) {
      if (input.closesAt <= nowMs) refuse('IPO_DATES_INVALID', { reason: 'closesAt must be in the future' });
      if (await findInstrumentBySymbol(trx, input.code)) refuse('IPO_CODE_TAKEN', { code: input.code });
      await insertInstrument(trx, {
        symbol: input.code,
        name: input.name,
        kind: 'equity',
        segment: 'subscription',
        calendar: 'nse',
        exchange: input.issueMarket,
        isin: null,
        sector: null,
        tick_paise: TICK_PAISE,
        lot_size: 1,
        price_band_bps: LISTING_BAND_BPS,
        leverages: [1],
        shortable: false,
        tradable: false,
        shares_outstanding: BigInt(input.offeredShares),
      });
      const created = await insertIssue(trx, {
        ...terms,
        code: input.code,
        money_mode: moneyModeOf(parameters.ipo_money_mode),
        created_by_staff_id: context.staff.id,
        created_at: new Date(nowMs),
        updated_at: new Date(nowMs),
      });
      await auditStaffAct(trx, context, {
        action: 'ipo.create',
        target: { type: 'ipo_issue', id: created.id },
        after: created,
        reason: input.reason,
      });
      return created;
    }
    const before = (await lockIssue(trx, BigInt(input.id))) ?? refuse('PRODUCT_NOT_FOUND');
    if (before.code !== input.code) refuse('IPO_TERMS_INVALID', { reason: 'the code cannot change' });
    if (before.cancelled_at !== null) refuse('PRODUCT_NOT_FOUND');
    if (before.drawn_at !== null) refuse('REPEATED_OPERATION', { state: 'pending draw' });
    const opened = nowMs >= before.opens_at.getTime();
    if (opened) {
      // Only the final price may change once investors can subscribe.
      const changed = Object.entries(terms).filter(([column, value]) => {
        if (column === 'final_price_paise') return false;
        const old = before[column as keyof typeof before];
        return value instanceof Date ? value.getTime() !== (old as Date).getTime() : value !== old;
      });
      if (changed.length > 0) refuse('IPO_ALREADY_OPEN');
    } else if (input.closesAt <= nowMs) {
      refuse('IPO_DATES_INVALID', { reason: 'closesAt must be in the future' });
    }
    const after = await updateIssue(
      trx,
      before.id,
      opened
        ? { final_price_paise: finalPaise, updated_at: new Date(nowMs) }
        : { ...terms, updated_at: new Date(nowMs) },
    );
    if (!opened) {
      await updateInstrument(trx, before.code, {
        name: input.name,
        exchange: input.issueMarket,
        shares_outstanding: BigInt(input.offeredShares),
      });
    }
    await auditStaffAct(trx, context, {
      action: 'ipo.edit',
      target: { type: 'ipo_issue', id: before.id },
      before,
      after,
      reason: input.reason,
    });
    return after;
  });
  forgetInstrumentCache(deps.db);
  return staffIssueView(deps.db, saved, nowMs);
}

function checkTerms(input: Input, minShares: number, parameterMinimum: number): void {
  if (input.offeredShares % input.lotSize !== 0) {
    refuse('IPO_TERMS_INVALID', { reason: 'the shares offered must be whole lots' });
  }
  if (input.offeredShares / input.lotSize > OFFERED_LOTS_MAX) {
    refuse('IPO_TERMS_INVALID', { reason: `at most ${OFFERED_LOTS_MAX} lots may be offered` });
  }
  if (minShares < parameterMinimum) {
    refuse('IPO_TERMS_INVALID', { reason: `the minimum cannot be below ${parameterMinimum} shares` });
  }
  if (subscriptionQuantityProblem(minShares, input.lotSize, minShares) !== null) {
    refuse('IPO_TERMS_INVALID', { reason: 'the minimum must be whole lots' });
  }
}

/** The registry's choice, checked against the modes the issue table accepts. */
function moneyModeOf(value: string): IpoMoneyMode {
  return (IPO_MONEY_MODES as readonly string[]).includes(value)
    ? (value as IpoMoneyMode)
    : 'block_at_application';
}
