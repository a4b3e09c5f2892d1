import { useApiQuery } from './hooks';

export type RealNameStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

/** Money is in rupees as decimal strings with 2 decimals ("1234.50"). */
export interface AccountBalances {
  currency: string;
  totalAssets: string;
  available: string;
  frozen: string;
  profit: string;
  withdrawable: string;
  invested: string;
}

export interface UserInfo {
  account: string;
  phone?: string;
  realName?: string | null;
  inviteCode: string;
  realNameStatus: RealNameStatus;
  creditScore: number;
  hasFundPassword: boolean;
  /** The INR account's figures (the first of `accounts`). */
  balances: AccountBalances;
  /** Every currency account the investor has, INR first. */
  accounts?: AccountBalances[];
}

export function useUserInfo() {
  return useApiQuery<UserInfo>('user/getUserinfo');
}
