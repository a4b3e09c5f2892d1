import type { addCorporateAction, BodyOf, DataOf, listCorporateActions } from '@nivesh/contract';
import { formatPaise, parsePaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import type { CorporateActionsTable } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { appendAudit } from '../../repositories/audit.repository.js';
import { pageWindow } from '../../repositories/paging.js';

type ActionRow = DataOf<typeof listCorporateActions>['items'][number];
type StoredAction = Omit<CorporateActionsTable, 'id' | 'ratio_from' | 'ratio_to' | 'created_at'> & {
  id: bigint;
  ratio_from: number;
  ratio_to: number;
  created_at: Date;
};

const toRow = (row: StoredAction): ActionRow => ({
  id: String(row.id),
  symbol: row.symbol,
  kind: row.kind,
  exDate: Number(row.ex_date_ms),
  ratioFrom: row.ratio_from,
  ratioTo: row.ratio_to,
  dividend: row.dividend_paise === null ? null : formatPaise(row.dividend_paise),
  createdAt: row.created_at.getTime(),
});

export async function listActions(
  db: Db,
  input: BodyOf<typeof listCorporateActions>,
): Promise<DataOf<typeof listCorporateActions>> {
  const { page, pageSize, offset } = pageWindow(input);
  let select = db.selectFrom('corporate_actions');
  if (input.symbol) select = select.where('symbol', '=', input.symbol.trim().toUpperCase());
  const [counted, rows] = await Promise.all([
    select.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirstOrThrow(),
    select
      .selectAll()
      .orderBy('ex_date_ms', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset(offset)
      .execute(),
  ]);
  return { items: rows.map(toRow), total: Number(counted.count), page, pageSize };
}

/**
 * Records a split or bonus (shares from:to, two different whole numbers) or a dividend (a positive
 * amount per share). Candles read the table when they are adjusted, so the next chart shows it.
 */
export async function addAction(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof addCorporateAction>,
): Promise<ActionRow> {
  let values: { ratio_from: number; ratio_to: number; dividend_paise: bigint | null };
  if (input.kind === 'dividend') {
    if (input.ratioFrom !== undefined || input.ratioTo !== undefined || input.dividend === undefined) {
      return refuse('CORPORATE_ACTION_DIVIDEND_INVALID');
    }
    const dividend = parsePaise(input.dividend, { maxPaise: 10_000_000n });
    if (!dividend.ok) return refuse('CORPORATE_ACTION_DIVIDEND_INVALID');
    values = { ratio_from: 1, ratio_to: 1, dividend_paise: dividend.paise };
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
    values = { ratio_from: ratioFrom, ratio_to: ratioTo, dividend_paise: null };
  }
  const symbol = input.symbol.trim().toUpperCase();
  return inTransaction(deps.db, async (trx) => {
    const instrument = await trx
      .selectFrom('instruments')
      .select('symbol')
      .where('symbol', '=', symbol)
      .executeTakeFirst();
    if (!instrument) return refuse('INSTRUMENT_NOT_FOUND', { symbol });
    const row = await trx
      .insertInto('corporate_actions')
      .values({
        symbol,
        kind: input.kind,
        ex_date_ms: BigInt(Math.trunc(input.exDate)),
        ...values,
        created_at: new Date(context.nowMs),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const added = toRow(row);
    await appendAudit(trx, {
      actor: { type: 'staff', id: context.staff.id },
      action: 'market.corporate_action.add',
      target: { type: 'instrument', id: symbol },
      after: added,
      reason: input.reason,
      requestId: context.requestId,
      ip: context.ip,
    });
    return added;
  });
}
