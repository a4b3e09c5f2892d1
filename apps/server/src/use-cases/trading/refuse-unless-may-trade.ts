import { refuse } from '../../application/app-error.js';
import type { SessionUser } from '../../application/context.js';

/**
 * Opening a position (an order, a block buy, following a product) needs an account neither frozen
 * nor barred from trading, with KYC verified: refused in that order, before anything is read.
 */
export function refuseUnlessMayTrade(user: SessionUser): void {
  if (user.flags.has('frozen')) refuse('ACCOUNT_FROZEN');
  if (user.flags.has('trading_barred')) refuse('TRADING_NOT_ALLOWED');
  if (user.kycStatus !== 'verified') refuse('REAL_NAME_REQUIRED');
}
