import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import LendingScreen from './lending-screen';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => jsonResponse({ status: 1, msg: 'ok', data });
const refusal = (code: string, msg: string, params = {}) =>
  jsonResponse({ status: 0, code, msg, params, data: null });

function overview(overrides: Record<string, unknown> = {}) {
  return {
    channelOpen: true,
    feeBpsPerDay: 2,
    terms: [7, 14, 30],
    minValue: '10000.00',
    holdings: [
      {
        positionId: '11',
        symbol: 'RELIANCE',
        name: 'Reliance Industries',
        quantity: 100,
        unit: 'shares',
        price: '1000.00',
        value: '100000.00',
        lendingId: null,
        lentUntil: null,
      },
      {
        positionId: '12',
        symbol: 'TCS',
        name: 'Tata Consultancy Services',
        quantity: 5,
        unit: 'shares',
        price: '3000.00',
        value: '15000.00',
        lendingId: '3',
        lentUntil: Date.UTC(2026, 10, 30, 4, 30),
      },
    ],
    ...overrides,
  };
}

const lending = {
  id: '4',
  positionId: '11',
  symbol: 'RELIANCE',
  name: 'Reliance Industries',
  quantity: 40,
  price: '1000.00',
  value: '40000.00',
  termDays: 14,
  feeBpsPerDay: 2,
  expectedFee: '112.00',
  feePaid: null,
  state: 'in_progress',
  lentAt: Date.UTC(2026, 10, 23, 4, 30),
  termEndsAt: Date.UTC(2026, 11, 7, 4, 30),
  completedAt: null,
  endReason: null,
};

function stubServer(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const path = String(input).split('/api/vue/')[1] ?? '';
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ path, body });
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected call ${path}`);
      return handler(body);
    }),
  );
  return calls;
}

describe('the securities lending screen', () => {
  it('lists lendable holdings with the rate; a lent one shows its term end instead of a button', async () => {
    stubServer({ 'lending/overview': () => ok(overview()) });
    await renderWithApp(<LendingScreen />);
    expect(await screen.findByText('0.02% a day')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lend RELIANCE' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lend TCS' })).toBeNull();
    expect(screen.getByText(/^Lent until/)).toBeTruthy();
  });

  it('counts a crypto holding in units, not shares', async () => {
    const btc = {
      positionId: '13',
      symbol: 'BTCINR',
      name: 'Bitcoin',
      quantity: 3,
      unit: 'units',
      price: '5000000.00',
      value: '15000000.00',
      lendingId: null,
      lentUntil: null,
    };
    stubServer({ 'lending/overview': () => ok(overview({ holdings: [btc] })) });
    await renderWithApp(<LendingScreen />);
    const item = (await screen.findByText(/^3 units/)).closest('li');
    expect(item?.textContent).not.toMatch(/Qty|shares/);
    fireEvent.click(screen.getByRole('button', { name: 'Lend BTCINR' }));
    expect(screen.getByLabelText('Units to lend (up to 3)')).toBeTruthy();
  });

  it('shows the expected fee for the quantity and term chosen, and lends on confirm', async () => {
    const calls = stubServer({
      'lending/overview': () => ok(overview()),
      'lending/lend': () => ok(lending),
      'lending/records': () => ok({ items: [lending], nextCursor: null }),
    });
    await renderWithApp(<LendingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Lend RELIANCE' }));
    // The whole holding for 7 days: ₹1,00,000.00 × 0.02% × 7 = ₹140.00.
    expect(screen.getByText('₹140.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Shares to lend (up to 100)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: '14 days' }));
    expect(screen.getByText('₹40,000.00')).toBeTruthy();
    expect(screen.getByText('₹112.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm lending' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'lending/lend')?.body).toEqual({
        positionId: '11',
        quantity: 40,
        termDays: 14,
      }),
    );
    // Then the records tab, with the new lending in progress.
    expect(await screen.findByText('In progress', { selector: '.tag' })).toBeTruthy();
  });

  it('refuses a quantity beyond the holding before sending, and shows the server’s refusal', async () => {
    const calls = stubServer({
      'lending/overview': () => ok(overview()),
      'lending/lend': () => refusal('LENDING_QUOTA_FULL', 'The securities lending quota is full'),
    });
    await renderWithApp(<LendingScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Lend RELIANCE' }));
    const quantity = screen.getByLabelText('Shares to lend (up to 100)');
    fireEvent.change(quantity, { target: { value: '101' } });
    expect(screen.getByText('Enter a whole number from 1 to 100')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirm lending' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(quantity, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm lending' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The securities lending quota is full');
    expect(calls.filter((call) => call.path === 'lending/lend')).toHaveLength(1);
  });

  it('says when the channel is closed and offers no lending', async () => {
    stubServer({ 'lending/overview': () => ok(overview({ channelOpen: false })) });
    await renderWithApp(<LendingScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('channel is closed');
    expect((screen.getByRole('button', { name: 'Lend RELIANCE' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows completed records with the fee credited', async () => {
    stubServer({
      'lending/overview': () => ok(overview()),
      'lending/records': () =>
        ok({
          items: [
            {
              ...lending,
              state: 'completed',
              feePaid: '112.00',
              completedAt: lending.termEndsAt,
              endReason: 'term',
            },
          ],
          nextCursor: null,
        }),
    });
    await renderWithApp(<LendingScreen />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Lending records' }));
    expect(await screen.findByText('Fee credited')).toBeTruthy();
    expect(screen.getByText('₹112.00')).toBeTruthy();
  });
});
