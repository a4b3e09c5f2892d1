import type {
  BodyOf,
  DataOf,
  listInstruments,
  updateInstrument as updateInstrumentCall,
} from '@nivesh/contract';
import { formatPaise, parsePaise } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffUseCase } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type InstrumentTermChanges,
  type InstrumentTerms,
  listInstrumentTermsPage,
  lockInstrumentTerms,
  updateInstrumentTerms,
} from '../../repositories/instrument.repository.js';
import { readConsolePage } from '../../repositories/paging.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';

type InstrumentRow = DataOf<typeof listInstruments>['items'][number];

const toRow = (row: InstrumentTerms): InstrumentRow => ({
  symbol: row.symbol,
  name: row.name,
  kind: row.kind,
  segment: row.segment,
  exchange: row.exchange,
  tickSize: formatPaise(row.tick_paise),
  priceBandBps: row.price_band_bps,
  leverages: row.leverages,
  shortable: row.shortable,
  tradable: row.tradable,
  lotSize: row.lot_size,
});

/** Instruments for the console by symbol or name (in part), kind, segment and tradable; by symbol. */
export async function listStaffInstruments(
  db: Db,
  input: BodyOf<typeof listInstruments>,
): Promise<DataOf<typeof listInstruments>> {
  const filter = {
    query: input.query?.trim(),
    kind: input.kind,
    segment: input.segment,
    tradable: input.tradable,
  };
  return readConsolePage(
    input,
    (window) => listInstrumentTermsPage(db, filter, window),
    (rows) => rows.map(toRow),
  );
}

/**
 * Compliance changes an instrument's trading terms. Leverages are whole numbers 1–100 (sorted and
 * stored without repeats), the band at most 100% (0 = no daily band, as crypto and FX are seeded), the tick a positive amount; all
 * checked before anything is written, audited with the fields before and after.
 */
export const updateInstrument: StaffUseCase<typeof updateInstrumentCall> = async (deps, context, input) => {
  const changes: InstrumentTermChanges = {};
  if (input.tradable !== undefined) changes.tradable = input.tradable;
  if (input.shortable !== undefined) changes.shortable = input.shortable;
  if (input.leverages !== undefined) changes.leverages = [...new Set(input.leverages)].sort((a, b) => a - b);
  if (input.priceBandBps !== undefined) changes.price_band_bps = input.priceBandBps;
  if (input.segment !== undefined) changes.segment = input.segment;
  if (input.tickSize !== undefined) {
    const tick = parsePaise(input.tickSize, { maxPaise: 1_000_000n });
    if (!tick.ok) return refuse('INSTRUMENT_TICK_INVALID');
    changes.tick_paise = tick.paise;
  }
  if (Object.keys(changes).length === 0) return refuse('NOTHING_TO_CHANGE');
  return inTransaction(deps.db, async (trx) => {
    const before = await lockInstrumentTerms(trx, input.symbol);
    if (!before) return refuse('INSTRUMENT_NOT_FOUND', { symbol: input.symbol });
    const after = await updateInstrumentTerms(trx, input.symbol, changes);
    const changed = Object.keys(changes) as (keyof typeof changes)[];
    await auditStaffAct(trx, context, {
      action: 'market.instrument.update',
      target: { type: 'instrument', id: input.symbol },
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      reason: input.reason,
    });
    return toRow(after);
  });
};
