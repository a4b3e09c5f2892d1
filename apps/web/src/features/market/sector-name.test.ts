import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import en from '../../i18n/en.json';
import hi from '../../i18n/hi.json';
import zh from '../../i18n/zh.json';
import { sectorKey, sectorName } from './sector-name';

// The sectors the reference data gives stocks (NSE's macro-economic sectors), read from the file the
// instrument seed is generated into.
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const constituents = readFileSync(
  path.join(repositoryRoot, 'packages/market/src/instruments/index-constituents.gen.ts'),
  'utf8',
);
const SECTORS = [...new Set([...constituents.matchAll(/sector: '([^']+)'/g)].map((match) => match[1]!))];

describe('sector names', () => {
  it('finds the reference data’s sectors', () => {
    expect(SECTORS).toContain('Oil Gas & Consumable Fuels');
  });

  it('has every sector of the reference data in Hindi and Chinese, not left in English', () => {
    for (const sector of SECTORS) {
      const key = sectorKey(sector) as keyof typeof en.marketSector;
      expect(en.marketSector[key], sector).toBe(sector);
      expect(hi.marketSector[key], sector).toBeTruthy();
      expect(hi.marketSector[key], sector).not.toBe(sector);
      expect(zh.marketSector[key], sector).toBeTruthy();
      expect(zh.marketSector[key], sector).not.toBe(sector);
    }
  });

  it('writes a known sector in the investor’s language and an unknown one as it came', async () => {
    await changeLanguage('zh');
    expect(sectorName(i18n.t, 'Oil Gas & Consumable Fuels')).toBe('石油、天然气与消耗燃料');
    expect(sectorName(i18n.t, 'Space Tourism')).toBe('Space Tourism');
    await changeLanguage('en');
  });
});
