/** The product an entry of the trade tab belongs to, from its kind's prefix (`ipo_hold` → ipo). */
const KIND_FAMILIES = [
  'trade',
  'ipo',
  'follow',
  'loan',
  'lending',
  'exchange',
  'checkin',
  'user_transfer',
] as const;
type KindFamily = (typeof KIND_FAMILIES)[number] | 'other';

export function kindFamilyOf(kind: string): KindFamily {
  return KIND_FAMILIES.find((family) => kind === family || kind.startsWith(`${family}_`)) ?? 'other';
}
