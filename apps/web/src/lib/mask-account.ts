/** Shows a phone number as 98****3210: recognisable to its owner, not exposed on screen. */
export function maskAccount(account: string): string {
  if (account.length < 7) return account;
  return `${account.slice(0, 2)}${'*'.repeat(account.length - 6)}${account.slice(-4)}`;
}
