import { describe, expect, it } from 'vitest';
import { formatClockTime, formatServerMessage } from './server-message';

const english = {
  language: 'en',
  genericError: 'Error',
  windowMessage: (range: string) => `Within ${range}`,
};

describe('formatServerMessage', () => {
  it('fills placeholders, showing money params as money', () => {
    expect(formatServerMessage('Between {min} and {{max}}', { min: '100', max: '500000' }, english)).toBe(
      'Between 100.00 and 5,00,000.00',
    );
  });

  it('formats rupee amounts and two-decimal amounts written in the text', () => {
    expect(formatServerMessage('Balance ₹1234567.5 is too low', {}, english)).toBe(
      'Balance ₹12,34,567.50 is too low',
    );
    expect(formatServerMessage('You need 250000.00 more', {}, english)).toBe('You need 2,50,000.00 more');
  });

  it('leaves times, counts and T+N alone', () => {
    expect(formatServerMessage('Sell after T+1, in 5 minutes, from 09:30', {}, english)).toBe(
      'Sell after T+1, in 5 minutes, from 09:30',
    );
  });

  it('adds the deposit or withdrawal window as hh:mm:ss-hh:mm:ss', () => {
    expect(formatServerMessage('Withdrawals are closed now', { from: '9:30', to: '24:00' }, english)).toBe(
      'Withdrawals are closed now (09:30:00-24:00:00)',
    );
    expect(formatServerMessage('Open {from}-{to}', { from: '00:00', to: '23:59' }, english)).toBe(
      'Open 00:00:00-23:59:00',
    );
  });

  it('rewrites the legacy Chinese window refusal with the range', () => {
    expect(formatServerMessage('请在提现时间内操作', { from: '09:30', to: '24:00' }, english)).toBe(
      'Within 09:30:00-24:00:00',
    );
  });

  it('replaces text still in Chinese with the generic error, unless the user reads Chinese', () => {
    expect(formatServerMessage('余额不足', {}, english)).toBe('Error');
    expect(formatServerMessage('余额不足', {}, { language: 'hi', genericError: 'त्रुटि' })).toBe('त्रुटि');
    expect(formatServerMessage('余额不足', {}, { language: 'zh', genericError: '错误' })).toBe('余额不足');
  });
});

describe('formatClockTime', () => {
  it('pads to hh:mm:ss', () => {
    expect(formatClockTime('9:30')).toBe('09:30:00');
    expect(formatClockTime('15:30:05')).toBe('15:30:05');
    expect(formatClockTime('soon')).toBe('soon');
  });
});
