import type { TFunction } from 'i18next';

/** The catalogue key of an NSE macro-economic sector ("Oil Gas & Consumable Fuels" → oil_gas_consumable_fuels). */
export function sectorKey(sector: string): string {
  return sector
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * A stock's sector in the investor's language. The reference data names NSE's macro-economic
 * sectors in English; one the catalogue does not know is shown as it came.
 */
export function sectorName(t: TFunction, sector: string): string {
  return t(`marketSector.${sectorKey(sector)}`, { defaultValue: sector });
}
