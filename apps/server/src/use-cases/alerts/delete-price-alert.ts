import type { deletePriceAlert as call } from '@nivesh/contract';
import { refuse } from '../../application/app-error.js';
import type { InvestorUseCase } from '../../application/context.js';
import { inTransaction } from '../../db/transaction.js';
import { deleteOwnPriceAlert } from '../../repositories/price-alert.repository.js';
import { auditUserAct } from '../audit/audit-user-act.js';

/** Deletes one of the investor's alerts, waiting or fired; another's or an unknown id is refused. */
export const deletePriceAlert: InvestorUseCase<typeof call> = async (deps, context, input) => {
  const deleted = await inTransaction(deps.db, async (trx) => {
    const alert = await deleteOwnPriceAlert(trx, context.user.id, BigInt(input.alertId));
    if (!alert) refuse('PRICE_ALERT_NOT_FOUND');
    await auditUserAct(trx, context, {
      action: 'price_alert.delete',
      target: { type: 'price_alert', id: alert!.id },
      before: {
        symbol: alert!.symbol,
        direction: alert!.direction,
        levelPaise: alert!.levelPaise,
        state: alert!.state,
      },
    });
    return alert!;
  });
  deps.priceAlertChanges.emit({ kind: 'deleted', id: deleted.id });
  return null;
};
