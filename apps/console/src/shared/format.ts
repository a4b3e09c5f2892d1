/** Times at the API are epoch milliseconds; staff read them in India Standard Time. */
const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});

export function formatIstDateTime(epochMs: number): string {
  return `${istDateTime.format(new Date(epochMs))} IST`;
}

/**
 * Rupees from the API's decimal string ("1234567.50") with Indian grouping: "₹12,34,567.50".
 * Works on the digits as text: no floating point touches money.
 */
export function formatRupees(amount: string | null | undefined): string {
  if (!amount || !/^-?[0-9]+(\.[0-9]+)?$/.test(amount)) return '₹0.00';
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree;
  return `${negative ? '-' : ''}₹${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** "3 min ago", "2 h ago": how long ago something happened, for status cards. */
export function formatAge(ageMs: number | null | undefined): string {
  if (ageMs === null || ageMs === undefined) return 'never';
  const seconds = Math.round(ageMs / 1000);
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
