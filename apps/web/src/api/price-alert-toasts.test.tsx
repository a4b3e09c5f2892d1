import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../lib/session';
import { renderWithApp } from '../test/render';

const stream = vi.hoisted(() => ({ listeners: [] as Array<(event: Record<string, unknown>) => void> }));
const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('../stream/market-stream', () => ({
  marketStream: () => ({
    onUserEvent: (listener: (event: Record<string, unknown>) => void) => {
      stream.listeners.push(listener);
      return () => undefined;
    },
  }),
}));
vi.mock('../lib/toast', () => ({ showToast: (message: string) => toasts.shown.push(message) }));

const { usePriceAlertToasts } = await import('./price-alert-toasts');

function Probe() {
  usePriceAlertToasts();
  return null;
}

afterEach(() => localStorage.clear());

describe('a fired price alert', () => {
  it('shows a toast in the investor’s language; other events show none', async () => {
    saveSession('token', '9876543210');
    await renderWithApp(<Probe />, { language: 'hi' });
    act(() => {
      for (const listener of stream.listeners) {
        listener({ type: 'trade', event: 'filled' });
        listener({
          type: 'price_alert',
          alert: { symbol: 'TCS', direction: 'above', price: '3600.00', triggeredPrice: '3601.50' },
        });
      }
    });
    expect(toasts.shown).toEqual(['मूल्य अलर्ट: TCS ₹3,600.00 पर पहुँचा (₹3,601.50 पर ट्रेड)']);
  });
});
