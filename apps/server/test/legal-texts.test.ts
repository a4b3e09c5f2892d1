import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { upsertConfigEntry } from '../src/repositories/config.repository.js';
import { SUPERSEDED_PLACEHOLDERS } from '../src/seed/legal-texts.js';
import { seedReferenceData } from '../src/seed/reference-data.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();

const LEGAL_NAMES = [
  'agreement_en',
  'agreement_hi',
  'agreement_zh',
  'privacy_en',
  'privacy_hi',
  'privacy_zh',
];

/** What common/config serves, by name. */
async function servedConfig(): Promise<Map<string, string>> {
  const reply = await t.call('common/config', {});
  expect(reply.http).toBe(200);
  return new Map(
    (reply.body.data as Array<{ name: string; value: string }>).map((entry) => [entry.name, entry.value]),
  );
}

/** Wording of a text left for an operator to replace, in any of the three languages. */
const PLACEHOLDER_WORDING = [/replace this text/i, /इस पाठ को .* बदलें/, /请在控制台/, /lorem ipsum/i, /\{\{/];

describe('the legal texts a fresh installation serves', () => {
  it('are real texts in English, Hindi and Chinese, never a placeholder', async () => {
    const served = await servedConfig();
    for (const name of LEGAL_NAMES) {
      const text = served.get(name) ?? '';
      expect(text.length, name).toBeGreaterThan(800);
      for (const wording of PLACEHOLDER_WORDING) expect(text, `${name} ${wording}`).not.toMatch(wording);
      for (const placeholder of Object.values(SUPERSEDED_PLACEHOLDERS))
        expect(text).not.toContain(placeholder);
    }
    expect(served.get('agreement_en')).toContain('SEBI');
    expect(served.get('agreement_en')).toContain('https://scores.sebi.gov.in');
    expect(served.get('privacy_en')).toContain('Digital Personal Data Protection Act, 2023');
    expect(served.get('privacy_hi')).toContain('डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023');
    expect(served.get('privacy_zh')).toContain('2023 年数字个人数据保护法');
  });

  it('name the configuration entry of a broker detail staff have not set, never an invented one', async () => {
    const served = await servedConfig();
    expect(served.get('agreement_en')).toContain('SEBI registration no. [broker_sebi_registration]');
    expect(served.get('privacy_zh')).toContain('[broker_grievance_email]');
  });

  it('fill in the broker details set by the environment and by staff', async () => {
    const brokerDetails = loadConfig({
      NODE_ENV: 'test',
      NIVESH_BROKER_NAME: 'Example Broking Private Limited',
      NIVESH_BROKER_SEBI_REGISTRATION: 'INZ-TEST-REGISTRATION',
    }).brokerDetails;
    await seedReferenceData(t.db, 'simulator', brokerDetails);
    await upsertConfigEntry(t.db, {
      name: 'broker_grievance_phone',
      value: '+91 22 0000 0000',
      atMs: t.clock.now(),
    });
    const served = await servedConfig();
    expect(served.get('broker_name')).toBe('Example Broking Private Limited');
    expect(served.get('agreement_en')).toContain(
      'operated by Example Broking Private Limited, a stock broker registered with the Securities and Exchange Board of India (SEBI registration no. INZ-TEST-REGISTRATION)',
    );
    expect(served.get('agreement_hi')).toContain('+91 22 0000 0000');
    expect(served.get('agreement_hi')).toContain('[broker_grievance_email]');
  });

  it('replace a placeholder an earlier version seeded, and keep a text staff edited', async () => {
    await upsertConfigEntry(t.db, {
      name: 'agreement_en',
      value: SUPERSEDED_PLACEHOLDERS.agreement_en!,
      atMs: 0,
    });
    await upsertConfigEntry(t.db, { name: 'privacy_en', value: 'Our own privacy policy.', atMs: 0 });
    await seedReferenceData(t.db);
    const served = await servedConfig();
    expect(served.get('agreement_en')).toContain('Client agreement and risk disclosure');
    expect(served.get('privacy_en')).toBe('Our own privacy policy.');
  });
});
