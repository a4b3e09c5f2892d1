import type { CallData } from './calls';
import { useApiQuery } from './hooks';

/**
 * The investor and their money: `balances` is the INR account's figures (the first of `accounts`,
 * which holds every currency account, INR first). Money is in rupees as decimal strings ("1234.50").
 */
export type UserInfo = CallData<'user/getUserinfo'>;
export type AccountBalances = UserInfo['balances'];
export type RealNameStatus = UserInfo['realNameStatus'];

export function useUserInfo() {
  return useApiQuery('user/getUserinfo', {});
}
