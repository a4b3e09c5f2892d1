import { type createPriceAlert as call, PRICE_ALERTS_ACTIVE_MAX } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { countActivePriceAlerts, insertPriceAlert } from '../../repositories/price-alert.repository.js';
import { lockUserById } from '../../repositories/user.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { auditUserAct } from '../audit/audit-user-act.js';
import { normalizeSymbol } from '../market/find-instrument.js';
import { readPrice } from '../trading/place-order.js';
import { toPriceAlertView } from './price-alert-view.js';

/**
 * Sets a price alert (docs/adr/0034-price-alerts.md): a known symbol, a level that is positive and
 * on the instrument's tick (as an order's price), at most PRICE_ALERTS_ACTIVE_MAX waiting. The
 * engine indexes it at once; it fires on the first feed price at or past its level.
 */
export const createPriceAlert: InvestorUseCase<typeof call> = async (deps, context, input) => {
  const symbol = normalizeSymbol(input.symbol);
  const instrument =
    (await findInstrumentCached(deps.db, symbol)) ?? refuse('INSTRUMENT_NOT_FOUND', { symbol });
  const levelPaise = readPrice(input.price, 'price', instrument.tick_paise);
  const direction = input.direction === 'above' ? 'at_or_above' : 'at_or_below';
  const alert = await inTransaction(deps.db, async (trx) => {
    // Serialise the investor's alert changes so the count holds under concurrent requests.
    await lockUserById(trx, context.user.id);
    if ((await countActivePriceAlerts(trx, context.user.id)) >= PRICE_ALERTS_ACTIVE_MAX) {
      refuse('PRICE_ALERTS_TOO_MANY', { max: PRICE_ALERTS_ACTIVE_MAX });
    }
    const created = await insertPriceAlert(trx, {
      userId: context.user.id,
      symbol,
      direction,
      levelPaise,
      atMs: context.nowMs,
    });
    await auditUserAct(trx, context, {
      action: 'price_alert.create',
      target: { type: 'price_alert', id: created.id },
      after: { symbol, direction, levelPaise },
    });
    return created;
  });
  deps.priceAlertChanges.emit({ kind: 'created', alert });
  return toPriceAlertView(alert, instrument.name);
};
