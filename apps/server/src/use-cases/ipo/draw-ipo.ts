import type { staffDrawIpo } from '@nivesh/contract';
import {
  formatPaise,
  runDraw,
  seedMatchesCommitment,
  settleBlockedAllotment,
  sharesAmountPaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import { updateSubscription } from '../../repositories/ipo.repository.js';
import { insertUserMessage } from '../../repositories/message.repository.js';
import { auditAct } from '../audit/audit-act.js';
import { postIpoStep } from './ipo-ledger.js';
import { formatIstDeadline } from './ist-deadline.js';
import { settleSubscribedIssue } from './settle-subscribed-issue.js';

/**
 * Reveals the seed and runs the draw (docs/ipo-draw.md) after the window has closed. Refused when
 * the seed's SHA-256 is not the commitment, so staff cannot pick a seed after seeing the
 * subscriptions. In one transaction every subscription gets its result:
 * - block at application: won → the won shares at the final price are captured from the escrow and
 *   the rest released; not won → everything released;
 * - pay after allotment: won → payment due (until the allotment date); not won → nothing to move.
 */
export const drawIpo: StaffUseCase<typeof staffDrawIpo> = async (deps, context, input) => {
  const nowMs = context.nowMs;
  const staffActor = { type: 'staff' as const, id: context.staff.id };
  let mismatch = false;
  return settleSubscribedIssue(deps, context, input, {
    plan: (issue, subscriptions) => {
      if (issue.cancelled_at !== null) refuse('PRODUCT_NOT_FOUND');
      if (issue.drawn_at !== null) refuse('REPEATED_OPERATION', { state: 'pending draw' });
      if (nowMs < issue.closes_at.getTime()) refuse('IPO_DRAW_BEFORE_CLOSE');
      if (issue.seed_commitment === null) refuse('IPO_SEED_NOT_COMMITTED');
      if (!seedMatchesCommitment(input.seed, issue.seed_commitment!)) {
        mismatch = true;
        refuse('IPO_SEED_MISMATCH');
      }
      const finalPricePaise = issue.final_price_paise ?? refuse('IPO_FINAL_PRICE_REQUIRED');
      const draw = runDraw({
        seed: input.seed,
        offeredLots: Number(issue.offered_shares / BigInt(issue.lot_size)),
        entries: subscriptions.map((row) => ({ subscriptionId: String(row.id), lots: row.lots })),
      });
      const wonById = new Map(
        draw.allotments.map((allotment) => [allotment.subscriptionId, allotment.wonLots]),
      );
      return { finalPricePaise, draw, wonById };
    },
    settle: async (trx, { issue, row, accounts, plan }) => {
      const wonLots = plan.wonById.get(String(row.id)) ?? 0;
      const allottedShares = wonLots * issue.lot_size;
      const blockMode = issue.money_mode === 'block_at_application';
      const memo = `${issue.code} draw`;
      let captured: bigint | null = null;
      let released: bigint | null = null;
      let due: bigint | null = null;
      if (blockMode) {
        const settled = settleBlockedAllotment({
          heldPaise: row.held_paise,
          allottedShares,
          finalPricePaise: plan.finalPricePaise,
        });
        captured = settled.capturePaise;
        released = settled.releasePaise;
        const step = {
          subscriptionId: row.id,
          fromAccountId: accounts.escrow,
          atMs: nowMs,
          postedBy: staffActor,
          memo,
        };
        await postIpoStep(trx, {
          ...step,
          step: 'capture',
          toAccountId: accounts.proceeds,
          amountPaise: captured,
        });
        await postIpoStep(trx, {
          ...step,
          step: 'release',
          toAccountId: accounts.cash,
          amountPaise: released,
        });
      } else if (wonLots > 0) {
        due = sharesAmountPaise(allottedShares, plan.finalPricePaise);
      }
      const state = wonLots === 0 ? 'not_won' : blockMode ? 'won' : 'payment_due';
      await updateSubscription(trx, row.id, {
        state,
        won_lots: wonLots,
        allotted_shares: BigInt(allottedShares),
        captured_paise: captured,
        released_paise: released,
        due_paise: due,
        drawn_at: new Date(nowMs),
      });
      return insertUserMessage(trx, {
        userId: row.user_id,
        kind: state === 'not_won' ? 'IPO_NOT_WON' : state === 'won' ? 'IPO_WON' : 'IPO_PAYMENT_DUE',
        params:
          state === 'not_won'
            ? { name: issue.name, released: formatPaise(released ?? 0n) }
            : state === 'won'
              ? {
                  name: issue.name,
                  shares: allottedShares,
                  captured: formatPaise(captured ?? 0n),
                  released: formatPaise(released ?? 0n),
                }
              : {
                  name: issue.name,
                  shares: allottedShares,
                  amount: formatPaise(due ?? 0n),
                  deadline: formatIstDeadline(issue.allotment_at.getTime()),
                },
        dedupeKey: `ipo:${row.id}:drawn`,
        atMs: nowMs,
      });
    },
    close: ({ issue, subscriptions, plan: { draw } }) => ({
      changes: {
        seed: input.seed,
        drawn_at: new Date(nowMs),
        total_lots: BigInt(draw.totalLots),
        allotted_lots: BigInt(draw.allottedLots),
      },
      action: 'ipo.draw',
      before: { seedCommitment: issue.seed_commitment, subscriptions: subscriptions.length },
      after: {
        seed: input.seed,
        totalLots: draw.totalLots,
        allottedLots: draw.allottedLots,
        undersubscribed: draw.undersubscribed,
      },
    }),
  }).catch(async (error) => {
    // A wrong seed is worth a record of its own: who tried it, and when.
    if (mismatch) {
      await auditAct(deps.db, staffActor, context, {
        action: 'ipo.draw_refused',
        target: { type: 'ipo_issue', id: BigInt(input.id) },
        after: { code: 'IPO_SEED_MISMATCH' },
        reason: input.reason,
      });
    }
    throw error;
  });
};
