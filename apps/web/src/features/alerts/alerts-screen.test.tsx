import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { jsonResponse, renderWithApp } from '../../test/render';
import AlertsScreen, { validateAlertForm } from './alerts-screen';

const WAITING = {
  id: '7',
  symbol: 'TCS',
  name: 'Tata Consultancy',
  direction: 'above',
  price: '3600.00',
  state: 'active',
  createdAt: Date.UTC(2026, 10, 23, 4, 30),
  triggeredAt: null,
  triggeredPrice: null,
};
const FIRED = {
  ...WAITING,
  id: '6',
  direction: 'below',
  price: '3400.00',
  state: 'triggered',
  triggeredAt: Date.UTC(2026, 10, 23, 5, 0),
  triggeredPrice: '3395.50',
};

function stubServer(items: unknown[]) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).split('/api/vue/')[1] ?? '';
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      calls.push({ path, body });
      if (path === 'alert/list') return jsonResponse({ status: 1, data: { items } });
      if (path === 'alert/create') return jsonResponse({ status: 1, msg: 'Added', data: WAITING });
      if (path === 'alert/delete') return jsonResponse({ status: 1, msg: 'Deleted', data: null });
      if (path === 'market/lastPrices')
        return jsonResponse({
          status: 1,
          data: [{ symbol: 'TCS', price: '3500.00', change: '0', changeRate: 0 }],
        });
      throw new Error(`unexpected call ${path}`);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const open = (path = '/information/alerts?symbol=TCS', language: 'en' | 'hi' = 'en') => {
  saveSession('token', '9876543210');
  return renderWithApp(
    <Routes>
      <Route path="*" element={<AlertsScreen />} />
    </Routes>,
    { language, path },
  );
};

describe('validateAlertForm', () => {
  it('refuses a missing code and a price that is not rupees with 2 decimals, never rewriting it', () => {
    expect(validateAlertForm('', '10')).toEqual({ symbol: 'alerts.validation.symbol' });
    expect(validateAlertForm('TCS', '2.555')).toEqual({ price: 'alerts.validation.price' });
    expect(validateAlertForm('TCS', '12a')).toEqual({ price: 'alerts.validation.price' });
    expect(validateAlertForm('TCS', '0')).toEqual({ price: 'alerts.validation.positive' });
    expect(validateAlertForm('TCS', '3,600.50')).toEqual({});
  });
});

describe('the price alerts screen', () => {
  it('lists waiting and fired alerts, and creates one for the symbol it was opened with', async () => {
    const calls = stubServer([WAITING, FIRED]);
    await open();
    expect(await screen.findByText('Waiting (1)')).toBeTruthy();
    expect(screen.getByText('at or above ₹3,600.00')).toBeTruthy();
    expect(screen.getByText('Fired (1)')).toBeTruthy();
    expect(screen.getByText(/Fired at ₹3,395.50/)).toBeTruthy();
    expect((screen.getByLabelText('Stock code') as HTMLInputElement).value).toBe('TCS');
    expect(await screen.findByText('Last price ₹3,500.00')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('At or below'));
    fireEvent.change(screen.getByLabelText('Price (₹)'), { target: { value: '3,450.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'alert/create')).toBe(true));
    expect(calls.find((call) => call.path === 'alert/create')?.body).toEqual({
      symbol: 'TCS',
      direction: 'below',
      price: '3450.50',
    });
  });

  it('refuses a bad price in the user’s language without calling the server', async () => {
    const calls = stubServer([]);
    await open('/information/alerts', 'hi');
    fireEvent.change(screen.getByLabelText('शेयर कोड'), { target: { value: 'TCS' } });
    fireEvent.change(screen.getByLabelText('मूल्य (₹)'), { target: { value: '2.5.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'अलर्ट लगाएँ' }));
    expect(screen.getByText('रुपये में मूल्य दर्ज करें, अधिकतम 2 दशमलव')).toBeTruthy();
    expect(calls.some((call) => call.path === 'alert/create')).toBe(false);
  });

  it('deletes an alert', async () => {
    const calls = stubServer([WAITING]);
    await open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Delete the alert TCS at or above ₹3,600.00' }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'alert/delete')?.body).toEqual({ alertId: '7' }),
    );
  });
});
