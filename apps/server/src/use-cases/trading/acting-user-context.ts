import type { AppDeps, UserContext } from '../../application/context.js';
import { paperOwnerOf } from '../../repositories/paper-account.repository.js';
import { findUserById, findUserFlags } from '../../repositories/user.repository.js';

/**
 * An investor as the engine acts for them (a triggered GTT, an after-market order at the open,
 * docs/adr/0031): the same context a signed-in call has, with the investor's own language, KYC,
 * day-trading status and flags read now, so the order use cases check exactly what they check for
 * the investor's own calls. A paper account (docs/adr/0026-paper-trading.md) acts in the paper book
 * with its investor's person: language, KYC, flags. Undefined when the investor is gone.
 */
export async function actingUserContext(
  deps: AppDeps,
  userId: bigint,
  input: { nowMs: number; requestId: string },
): Promise<UserContext | undefined> {
  const ownerId = await paperOwnerOf(deps.db, userId);
  const personId = ownerId ?? userId;
  const user = await findUserById(deps.db, personId);
  if (!user) return undefined;
  const flags = await findUserFlags(deps.db, personId);
  return {
    requestId: input.requestId,
    language: user.language,
    ip: '127.0.0.1',
    userAgent: 'nivesh-engine',
    nowMs: input.nowMs,
    user: {
      id: userId,
      phone: user.phone,
      sessionId: 0n,
      flags: new Set(flags),
      kycStatus: user.kycStatus,
      dayTradingStatus: user.dayTradingStatus,
      book: ownerId === null ? 'real' : 'paper',
      realUserId: personId,
      paperUserId: ownerId === null ? null : userId,
    },
  };
}
