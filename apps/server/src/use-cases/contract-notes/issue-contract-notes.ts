import {
  contractNoteNumber,
  financialYearOf,
  formatPaise,
  type IstDate,
  istDate,
  lastCloseAtOrBefore,
  summariseContractNote,
} from '@nivesh/core';
import type { AppDeps } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import type { ContractNoteParties } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import {
  type ContractNoteWithPdf,
  hasContractNote,
  insertContractNote,
  lockContractNoteNumbering,
  nextContractNoteSequence,
} from '../../repositories/contract-note.repository.js';
import {
  insertUserMessage,
  publishMessage,
  type StoredMessage,
} from '../../repositories/message.repository.js';
import {
  findTradeDaysWithoutContractNote,
  findTradesOfDay,
} from '../../repositories/trade-charges-reads.repository.js';
import { findUserById } from '../../repositories/user.repository.js';
import { ENGINE_ACTOR } from '../trading/engine-support.js';
import { readBrokerDetails } from './broker-details.js';
import { renderContractNote, sha256Hex } from './render-contract-note.js';

/** Notes issued per run; when there are more, the engine's next sweep goes on (ADR 0007). */
export const CONTRACT_NOTES_PER_RUN = 200;

/** The mobile number as printed: the first two and the last four digits. */
function maskPhone(phone: string): string {
  return phone.length <= 6 ? phone : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 6)}${phone.slice(-4)}`;
}

/**
 * The engine's contract-note work (docs/adr/0021-contract-notes.md): after a session closes, every
 * investor with executed orders on a trade date up to that session's date and no note for it gets
 * one, oldest date first (a day the engine missed is caught up). Idempotent: the (user, date) pair is
 * unique and checked under the numbering lock, the notice has a dedupe key. A day without trades
 * makes no note. Returns how many it issued and whether more are waiting.
 */
export async function issueContractNotesDue(
  deps: AppDeps,
  input: { nowMs: number },
): Promise<{ issued: number; hasMore: boolean }> {
  const throughDate = istDate(lastCloseAtOrBefore(deps.calendar.current, input.nowMs));
  const days = await findTradeDaysWithoutContractNote(deps.db, throughDate, CONTRACT_NOTES_PER_RUN + 1);
  let issued = 0;
  for (const day of days.slice(0, CONTRACT_NOTES_PER_RUN)) {
    const message = await issueContractNote(deps, { ...day, nowMs: input.nowMs });
    if (message) {
      issued++;
      publishMessage(deps.userEvents, message);
    }
  }
  return { issued, hasMore: days.length > CONTRACT_NOTES_PER_RUN };
}

/**
 * Issues one investor's note for one trade date, in one transaction: number, render, store, audit,
 * notice. Returns the notice, or null when the note exists already or the day has no trades.
 */
export async function issueContractNote(
  deps: AppDeps,
  input: { userId: bigint; tradeDate: IstDate; nowMs: number },
): Promise<StoredMessage | null> {
  const user = await findUserById(deps.db, input.userId);
  if (!user) return null;
  const parties: ContractNoteParties = {
    broker: await readBrokerDetails(deps.db),
    client: { id: String(user.id), name: user.realName ?? '-', phone: maskPhone(user.phone) },
  };
  return inTransaction(deps.db, async (trx) => {
    await lockContractNoteNumbering(trx);
    if (await hasContractNote(trx, input.userId, input.tradeDate)) return null;
    const trades = await findTradesOfDay(trx, input.userId, input.tradeDate);
    if (trades.length === 0) return null;
    const financialYear = financialYearOf(input.tradeDate);
    const sequence = await nextContractNoteSequence(trx, financialYear);
    const number = contractNoteNumber(financialYear, sequence);
    const pdf = await renderContractNote({ number, tradeDate: input.tradeDate, parties, trades });
    const summary = summariseContractNote(trades);
    const note = await insertContractNote(trx, {
      userId: input.userId,
      tradeDate: input.tradeDate,
      number,
      financialYear,
      sequence,
      tradeCount: trades.length,
      netObligationPaise: summary.netObligationPaise,
      parties,
      pdf,
      sha256: sha256Hex(pdf),
      atMs: input.nowMs,
    });
    await appendAudit(trx, {
      actor: ENGINE_ACTOR,
      action: 'contract_note.issue',
      target: { type: 'contract_note', id: note.id },
      after: {
        userId: String(input.userId),
        number,
        tradeDate: input.tradeDate,
        trades: trades.length,
        netObligation: formatPaise(summary.netObligationPaise),
        sha256: note.sha256,
      },
    });
    return insertUserMessage(trx, {
      userId: input.userId,
      kind: 'CONTRACT_NOTE_ISSUED',
      params: { number, tradeDate: input.tradeDate },
      dedupeKey: `contract-note:${input.userId}:${input.tradeDate}`,
      atMs: input.nowMs,
    });
  });
}

/**
 * Renders a stored note again from what it was made of (its number, its printed parties and the
 * day's trade_charges rows): the bytes equal the stored ones unless a row changed (ADR 0021).
 */
export async function renderContractNoteAgain(db: Db, note: ContractNoteWithPdf): Promise<Buffer> {
  const trades = await findTradesOfDay(db, note.userId, note.tradeDate);
  return renderContractNote({
    number: note.number,
    tradeDate: note.tradeDate,
    parties: note.parties,
    trades,
  });
}
