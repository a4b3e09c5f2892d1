import { describe, expect, it } from 'vitest';
import { investorWithBank } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();

describe('the withdrawal arrival note', () => {
  it('is in the reader’s language, not English in Hindi', async () => {
    const investor = await investorWithBank(t, { cashPaise: 1_000_000n });
    const quote = (lang: string) =>
      t.call(
        'cashout/quote',
        { amount: '2500.00', destinationId: investor.bankId },
        { ...investor.headers, lang },
      );
    const english = await quote('en');
    expect(english.body.data.arrival).toBe('Usually within 2 hours; at the latest by 24:00 on T+1.');
    const hindi = await quote('hi');
    expect(hindi.body.status, JSON.stringify(hindi.body)).toBe(1);
    expect(hindi.body.data.arrival).toBe('आमतौर पर 2 घंटे के भीतर; अधिकतम T+1 को 24:00 बजे तक।');
    expect(hindi.body.data.arrival).not.toMatch(/Usually|hours/);
    expect((await quote('zh')).body.data.arrival).toContain('2 小时');
  });
});
