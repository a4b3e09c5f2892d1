import { refuse } from '../../application/app-error.js';
import type { SessionUser } from '../../application/context.js';
import type { UserRecord } from '../../repositories/user.repository.js';

/**
 * Deposit, trading and withdrawal need a verified KYC (the spec's "real-name must be done first").
 * Other features call this too.
 */
export function requireKycVerified(user: Pick<UserRecord, 'kycStatus'>): void {
  if (user.kycStatus !== 'verified') refuse('REAL_NAME_REQUIRED');
}

/** A frozen or disabled account moves no money; each refusal names the flag staff set with a reason. */
export function refuseIfFundsBlocked(user: Pick<SessionUser, 'flags'>): void {
  if (user.flags.has('disabled')) refuse('ACCOUNT_DISABLED');
  if (user.flags.has('frozen')) refuse('ACCOUNT_FROZEN');
}
