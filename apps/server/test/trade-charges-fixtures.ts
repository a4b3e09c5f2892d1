import { istDate, mulDiv } from '@nivesh/core';
import type { TestApp } from './harness.js';

/**
 * The `trade_charges` rows of a position's executed legs (open, then close), as tests of contract
 * notes and reports need them. Trades write their own rows (docs/adr/0020); a test that needs a leg
 * dated in the past (a lot bought two years ago) moves the row's instant and IST date here. A
 * position that has no rows (an IPO allotment, charged nothing) gets them as the engine would price
 * them at the 2024-10-01 schedule.
 */
export async function recordTradeCharges(
  t: TestApp,
  positionId: bigint,
  options: { executedAtMs?: { open?: number; close?: number } } = {},
): Promise<bigint[]> {
  const position = await t.db
    .selectFrom('positions')
    .select([
      'id',
      'user_id',
      'symbol',
      'side',
      'product',
      'quantity',
      'entry_price_paise',
      'opened_at',
      'exit_price_paise',
      'closed_at',
    ])
    .where('id', '=', positionId)
    .executeTakeFirstOrThrow();
  const legs: { leg: 'open' | 'close'; pricePaise: bigint; atMs: number }[] = [];
  if (position.entry_price_paise !== null && position.opened_at !== null) {
    legs.push({
      leg: 'open',
      pricePaise: position.entry_price_paise,
      atMs: options.executedAtMs?.open ?? position.opened_at.getTime(),
    });
  }
  if (position.exit_price_paise !== null && position.closed_at !== null) {
    legs.push({
      leg: 'close',
      pricePaise: position.exit_price_paise,
      atMs: options.executedAtMs?.close ?? position.closed_at.getTime(),
    });
  }
  const written = await t.db
    .selectFrom('trade_charges')
    .select(['id', 'leg'])
    .where('position_id', '=', positionId)
    .orderBy('leg', 'desc')
    .execute();
  if (written.length > 0) {
    for (const row of written) {
      const atMs = options.executedAtMs?.[row.leg];
      if (atMs === undefined) continue;
      await t.db
        .updateTable('trade_charges')
        .set({ executed_at: new Date(atMs), trade_date: istDate(atMs) })
        .where('id', '=', row.id)
        .execute();
    }
    return written.map((row) => row.id);
  }
  const ids: bigint[] = [];
  for (const leg of legs) {
    const side = (leg.leg === 'open') === (position.side === 'long') ? 'buy' : 'sell';
    const turnoverPaise = leg.pricePaise * position.quantity;
    const isDelivery = position.product !== 'MIS';
    const sttPaise =
      isDelivery || side === 'sell'
        ? mulDiv(
            mulDiv(turnoverPaise, isDelivery ? 10n : 25n, isDelivery ? 10_000n : 100_000n, 'half_up'),
            1n,
            100n,
            'half_up',
          ) * 100n
        : 0n;
    const exchangePaise = mulDiv(turnoverPaise, 297n, 10_000_000n, 'half_up');
    const sebiPaise = mulDiv(turnoverPaise, 1n, 1_000_000n, 'half_up');
    const stampPaise =
      side === 'buy' ? mulDiv(turnoverPaise, isDelivery ? 15n : 3n, 100_000n, 'half_up') : 0n;
    const gstPaise = mulDiv(exchangePaise + sebiPaise, 18n, 100n, 'half_up');
    const dpPaise = isDelivery && side === 'sell' ? 1_534n : 0n;
    const row = await t.db
      .insertInto('trade_charges')
      .values({
        position_id: position.id,
        user_id: position.user_id,
        leg: leg.leg,
        product: position.product,
        side,
        symbol: position.symbol,
        quantity: position.quantity,
        price_paise: leg.pricePaise,
        turnover_paise: turnoverPaise,
        executed_at: new Date(leg.atMs),
        trade_date: istDate(leg.atMs),
        brokerage_paise: 0n,
        stt_paise: sttPaise,
        exchange_paise: exchangePaise,
        sebi_paise: sebiPaise,
        stamp_paise: stampPaise,
        gst_paise: gstPaise,
        dp_paise: dpPaise,
        total_paise: sttPaise + exchangePaise + sebiPaise + stampPaise + gstPaise + dpPaise,
        journal_entry_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}
