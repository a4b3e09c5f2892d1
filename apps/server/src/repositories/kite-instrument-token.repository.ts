import { instrumentTokenOf, kiteSegmentCodeOf } from '@nivesh/core';
import type { Db } from '../db/database.js';

/** An instrument as the Kite transport lists it: its minted token and what the CSV dump needs. */
export interface KiteInstrumentRow {
  instrumentToken: bigint;
  seq: bigint;
  symbol: string;
  name: string;
  kind: string;
  exchange: string;
  tickPaise: bigint;
  lotSize: number;
  tradable: boolean;
}

/**
 * Mints a token for every listed equity and index that has none yet, in symbol order, so a token
 * once given never changes and is never reused (docs/adr/0025). Crypto, forex and instruments not
 * yet listed have no Kite segment and get none. Safe to call concurrently: a symbol is minted once.
 */
export async function mintMissingInstrumentTokens(db: Db): Promise<void> {
  const missing = await db
    .selectFrom('instruments')
    .leftJoin('kite_instrument_tokens', 'kite_instrument_tokens.symbol', 'instruments.symbol')
    .select(['instruments.symbol', 'instruments.kind', 'instruments.exchange'])
    .where('kite_instrument_tokens.symbol', 'is', null)
    .where('instruments.kind', 'in', ['equity', 'index'])
    .where('instruments.segment', '<>', 'subscription')
    .orderBy('instruments.symbol')
    .execute();
  if (missing.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const instrument of missing) {
      // The sequence gives the token's high bytes; the segment is known before the insert.
      const { seq } = await trx
        .selectNoFrom((eb) => eb.fn<bigint>('nextval', [eb.val('kite_instrument_token_seq')]).as('seq'))
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('kite_instrument_tokens')
        .values({
          seq: BigInt(seq),
          symbol: instrument.symbol,
          instrument_token: instrumentTokenOf(BigInt(seq), kiteSegmentCodeOf(instrument)),
        })
        .onConflict((conflict) => conflict.column('symbol').doNothing())
        .execute();
    }
  });
}

/** Every instrument with a token, in token order; optionally of one exchange. */
export async function listKiteInstruments(db: Db, exchange?: string): Promise<KiteInstrumentRow[]> {
  let query = db
    .selectFrom('kite_instrument_tokens')
    .innerJoin('instruments', 'instruments.symbol', 'kite_instrument_tokens.symbol')
    .select([
      'kite_instrument_tokens.instrument_token',
      'kite_instrument_tokens.seq',
      'instruments.symbol',
      'instruments.name',
      'instruments.kind',
      'instruments.exchange',
      'instruments.tick_paise',
      'instruments.lot_size',
      'instruments.tradable',
    ])
    .orderBy('kite_instrument_tokens.instrument_token');
  if (exchange) query = query.where('instruments.exchange', '=', exchange);
  const rows = await query.execute();
  return rows.map((row) => ({
    instrumentToken: row.instrument_token,
    seq: row.seq,
    symbol: row.symbol,
    name: row.name,
    kind: row.kind,
    exchange: row.exchange,
    tickPaise: row.tick_paise,
    lotSize: row.lot_size,
    tradable: row.tradable,
  }));
}
