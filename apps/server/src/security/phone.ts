/**
 * Normalises an Indian mobile number: 10 digits starting 6 to 9, optionally written with +91, 91
 * or 0 in front and with spaces or dashes. Returns undefined when it is not one.
 */
export function normaliseIndianMobile(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  const match = /^(?:\+91|91|0)?([6-9][0-9]{9})$/.exec(digits);
  return match?.[1];
}
