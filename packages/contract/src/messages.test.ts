import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './errors.js';
import { MESSAGE_CATALOGUE, renderMessage } from './messages.js';

describe('the message catalogue', () => {
  it('gives every kind a title and body in each language using exactly its declared parameters', () => {
    for (const [kind, template] of Object.entries(MESSAGE_CATALOGUE)) {
      expect(kind).toMatch(/^[A-Z][A-Z0-9_]+$/);
      for (const language of LANGUAGES) {
        for (const part of ['title', 'body'] as const) {
          const text: string = template[part][language];
          expect(text.trim(), `${kind} ${part} ${language}`).not.toBe('');
          const used = new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
          for (const name of used) expect(template.params, `${kind} ${part} ${language}`).toContain(name);
        }
        const usedAnywhere = new Set(
          [...`${template.title[language]} ${template.body[language]}`.matchAll(/\{(\w+)\}/g)].map(
            (m) => m[1],
          ),
        );
        expect([...usedAnywhere].sort(), `${kind} ${language}`).toEqual([...template.params].sort());
      }
    }
  });

  it('renders a stored kind in the reader’s language and an unknown kind as its code', () => {
    expect(renderMessage('WELCOME', 'hi').title).toBe('निवेश में आपका स्वागत है');
    expect(renderMessage('NO_SUCH_KIND', 'en')).toEqual({ title: 'NO_SUCH_KIND', body: '' });
  });

  it('writes money as ₹ with Indian grouping and counts grouped, in every language', () => {
    expect(renderMessage('DEPOSIT_APPROVED', 'en', { amount: '25000.00', currency: 'INR' }).body).toBe(
      'Your deposit of ₹25,000.00 was approved and credited to your cash.',
    );
    expect(renderMessage('DEPOSIT_APPROVED', 'hi', { amount: '100000.00', currency: 'INR' }).body).toContain(
      '₹1,00,000.00',
    );
    const paid = renderMessage('WITHDRAWAL_APPROVED', 'en', {
      amount: '25000.00',
      currency: 'INR',
      net: '24975.00',
      reference: 'UTR1',
    }).body;
    expect(paid).toContain('₹25,000.00 was paid out (₹24,975.00 after fees)');
    const stopped = renderMessage('STOPPED_OUT', 'en', {
      orderNo: '7',
      symbol: 'TCS',
      price: '3450.5',
      pnl: '-15000.00',
    }).body;
    expect(stopped).toContain('closed at ₹3,450.50. P&L \u2212₹15,000.00.');
    expect(stopped).not.toContain('₹-');
    expect(
      renderMessage('ORDER_FILLED', 'en', {
        orderNo: '8',
        side: 'long',
        quantity: 10000,
        symbol: 'TCS',
        price: '100.00',
      }).body,
    ).toBe('Order 8: long 10,000 TCS filled at ₹100.00.');
    // A value already formatted by its sender keeps its rupee sign.
    expect(
      renderMessage('ORDER_FILLED', 'en', {
        orderNo: '8',
        side: 'long',
        quantity: 1,
        symbol: 'TCS',
        price: '1,00,000.00',
      }).body,
    ).toBe('Order 8: long 1 TCS filled at ₹1,00,000.00.');
  });
});
