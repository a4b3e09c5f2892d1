import type { addCorporateAction, BodyOf, DataOf, listCorporateActions } from '@nivesh/contract';
import { formatPaise, parsePaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type CorporateActionRecord,
  insertCorporateAction,
  listCorporateActionsPage,
} from '../../repositories/corporate-action.repository.js';
import { readConsolePage } from '../../repositories/paging.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { findInstrumentOrRefuse, normalizeSymbol } from './find-instrument.js';

type ActionRow = DataOf<typeof listCorporateActions>['items'][number];

const toRow = (action: CorporateActionRecord): ActionRow => ({
  id: String(action.id),
  symbol: action.symbol,
  kind: action.kind,
  exDate: action.exDateMs,
  ratioFrom: action.ratioFrom,
  ratioTo: action.ratioTo,
  dividend: action.dividendPaise === null ? null : formatPaise(action.dividendPaise),
  createdAt: action.createdAtMs,
});

export async function listActions(
  db: Db,
  input: BodyOf<typeof listCorporateActions>,
): Promise<DataOf<typeof listCorporateActions>> {
  const symbol = input.symbol ? normalizeSymbol(input.symbol) : undefined;
  return readConsolePage(
    input,
    (window) => listCorporateActionsPage(db, { symbol }, window),
    (rows) => rows.map(toRow),
  );
}

/**
 * Records a split or bonus (shares from:to, two different whole numbers) or a dividend (a positive
 * amount per share). Candles read the table when they are adjusted, so the next chart shows it.
 */
export const addAction: StaffUseCase<typeof addCorporateAction> = async (deps, context, input) => {
  let values: { ratioFrom: number; ratioTo: number; dividendPaise: bigint | null };
  if (input.kind === 'dividend') {
    if (input.ratioFrom !== undefined || input.ratioTo !== undefined || input.dividend === undefined) {
      return refuse('CORPORATE_ACTION_DIVIDEND_INVALID');
    }
    const dividend = parsePaise(input.dividend, { maxPaise: 10_000_000n });
    if (!dividend.ok) return refuse('CORPORATE_ACTION_DIVIDEND_INVALID');
    values = { ratioFrom: 1, ratioTo: 1, dividendPaise: dividend.paise };
  } else {
    const { ratioFrom, ratioTo } = input;
    if (
      ratioFrom === undefined ||
      ratioTo === undefined ||
      ratioFrom === ratioTo ||
      input.dividend !== undefined
    ) {
      return refuse('CORPORATE_ACTION_RATIO_INVALID');
    }
    values = { ratioFrom, ratioTo, dividendPaise: null };
  }
  const symbol = normalizeSymbol(input.symbol);
  return inTransaction(deps.db, async (trx) => {
    await findInstrumentOrRefuse({ db: trx }, symbol);
    const added = toRow(
      await insertCorporateAction(trx, {
        symbol,
        kind: input.kind,
        exDateMs: Math.trunc(input.exDate),
        ...values,
        createdAtMs: context.nowMs,
      }),
    );
    await auditStaffAct(trx, context, {
      action: 'market.corporate_action.add',
      target: { type: 'instrument', id: symbol },
      after: added,
      reason: input.reason,
    });
    return added;
  });
};
