import type { UserInfo } from '../api/user-info';

/** The signed-in investor as user/getUserinfo answers, KYC verified with a fund password unless told. */
export function investor(overrides: Partial<UserInfo> = {}): UserInfo {
  const balances = {
    currency: 'INR',
    totalAssets: '1000.00',
    available: '1000.00',
    frozen: '0.00',
    profit: '0.00',
    withdrawable: '1000.00',
    invested: '0.00',
  };
  return {
    id: '7',
    account: '9876543210',
    phone: '9876543210',
    inviteCode: 'NIV123',
    realName: 'Asha Rao',
    realNameStatus: 'verified',
    dayTrading: 'none',
    flags: [],
    language: 'en',
    createdAt: 1_795_000_000_000,
    creditScore: 650,
    hasFundPassword: true,
    balances,
    accounts: [balances],
    book: 'real',
    ...overrides,
  };
}
