import type { UserRecord } from '../../repositories/user.repository.js';

/** An investor as every console view of users begins: identity, KYC, day trading, credit, since when. */
export function toUserSummary(
  user: Pick<
    UserRecord,
    'id' | 'phone' | 'realName' | 'kycStatus' | 'dayTradingStatus' | 'creditScore' | 'createdAtMs'
  >,
) {
  return {
    id: String(user.id),
    phone: user.phone,
    realName: user.realName,
    kycStatus: user.kycStatus,
    dayTradingStatus: user.dayTradingStatus,
    creditScore: user.creditScore,
    createdAt: user.createdAtMs,
  };
}
