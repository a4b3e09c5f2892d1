import type { AppDeps, UserContext } from '../../application/context.js';
import { findUserById, findUserFlags } from '../../repositories/user.repository.js';

/**
 * An investor as the engine acts for them (a triggered GTT, an after-market order at the open,
 * docs/adr/0031): the same context a signed-in call has, with the investor's own language, KYC,
 * day-trading status and flags read now, so the order use cases check exactly what they check for
 * the investor's own calls. Undefined when the investor is gone.
 */
export async function actingUserContext(
  deps: AppDeps,
  userId: bigint,
  input: { nowMs: number; requestId: string },
): Promise<UserContext | undefined> {
  const user = await findUserById(deps.db, userId);
  if (!user) return undefined;
  const flags = await findUserFlags(deps.db, userId);
  return {
    requestId: input.requestId,
    language: user.language,
    ip: '127.0.0.1',
    userAgent: 'nivesh-engine',
    nowMs: input.nowMs,
    user: {
      id: user.id,
      phone: user.phone,
      sessionId: 0n,
      flags: new Set(flags),
      kycStatus: user.kycStatus,
      dayTradingStatus: user.dayTradingStatus,
    },
  };
}
