import type { UserFlagName } from '../api/console-calls';

/** The account flags staff set or clear with a reason, as the server names them. */
export const USER_FLAGS: readonly { value: UserFlagName; label: string; endsSessions: boolean }[] = [
  { value: 'frozen', label: 'Frozen', endsSessions: false },
  { value: 'login_banned', label: 'Login banned', endsSessions: true },
  { value: 'disabled', label: 'Disabled', endsSessions: true },
  { value: 'trading_barred', label: 'Trading barred', endsSessions: false },
  { value: 'withdrawal_barred', label: 'Withdrawal barred', endsSessions: false },
];

export function flagLabel(flag: string): string {
  return USER_FLAGS.find((candidate) => candidate.value === flag)?.label ?? flag;
}

/** Setting these signs the investor out everywhere at once. */
export function flagEndsSessions(flag: string): boolean {
  return USER_FLAGS.find((candidate) => candidate.value === flag)?.endsSessions ?? false;
}
