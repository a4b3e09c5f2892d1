import { type listPriceAlerts as listPriceAlertsCall, PRICE_ALERTS_LIST_MAX } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { findPriceAlertsOf } from '../../repositories/price-alert.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { toPriceAlertView } from './price-alert-view.js';

/** The investor's alerts, newest first: those waiting and those that fired (with when and at what). */
export const listPriceAlerts: InvestorUseCase<typeof listPriceAlertsCall> = async (deps, context) => {
  const alerts = await findPriceAlertsOf(deps.db, context.user.id, PRICE_ALERTS_LIST_MAX);
  const items = [];
  for (const alert of alerts) {
    const instrument = await findInstrumentCached(deps.db, alert.symbol);
    items.push(toPriceAlertView(alert, instrument?.name ?? alert.symbol));
  }
  return { items };
};
