/** Times at the API are epoch milliseconds; staff read them in India Standard Time. */
const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'Asia/Kolkata',
});

export function formatIstDateTime(epochMs: number): string {
  return `${istDateTime.format(new Date(epochMs))} IST`;
}
