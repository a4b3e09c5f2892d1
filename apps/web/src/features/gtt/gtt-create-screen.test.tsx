import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import GttCreateScreen from './gtt-create-screen';

afterEach(() => vi.unstubAllGlobals());

/** Answers the quote read and records what gtt/create was sent. */
function stubServer() {
  const fetchStub = vi.fn<typeof fetch>(async (url) =>
    String(url).includes('gtt/create')
      ? jsonResponse({ status: 1, data: { id: 'g1' } })
      : jsonResponse({ status: 1, data: { symbol: 'INFY', price: '1534.90' } }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function createBodies(fetchStub: ReturnType<typeof stubServer>) {
  return fetchStub.mock.calls
    .filter(([url]) => String(url).includes('gtt/create'))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('the new-GTT form', () => {
  it('sends a target and stop-loss with the stop-loss leg first, each as a CNC sell', async () => {
    const fetchStub = stubServer();
    await renderWithApp(<GttCreateScreen />, { path: '/trade/gttNew?symbol=INFY' });
    fireEvent.click(screen.getByRole('tab', { name: 'Target and stop-loss' }));
    fill(screen.getByLabelText('Quantity (shares)'), '5');
    const triggers = screen.getAllByLabelText('Trigger price (₹)');
    const limits = screen.getAllByLabelText('Limit price (₹)');
    expect(triggers).toHaveLength(2);
    fill(triggers[0]!, '1400.00');
    fill(limits[0]!, '1399.00');
    fill(triggers[1]!, '1700.00');
    fill(limits[1]!, '1701.00');
    fireEvent.click(screen.getByRole('button', { name: 'Place GTT' }));
    await waitFor(() => expect(createBodies(fetchStub)).toHaveLength(1));
    expect(createBodies(fetchStub)[0]).toEqual({
      symbol: 'INFY',
      type: 'two-leg',
      triggers: ['1400.00', '1700.00'],
      orders: [
        { transactionType: 'SELL', product: 'CNC', quantity: 5, price: '1399.00' },
        { transactionType: 'SELL', product: 'CNC', quantity: 5, price: '1701.00' },
      ],
    });
  });

  it('refuses a leg price that is not rupees and paise, beside that field, without calling the server', async () => {
    const fetchStub = stubServer();
    await renderWithApp(<GttCreateScreen />, { path: '/trade/gttNew?symbol=INFY' });
    fill(screen.getByLabelText('Trigger price (₹)'), '1400.123');
    fill(screen.getByLabelText('Limit price (₹)'), '1401');
    fireEvent.click(screen.getByRole('button', { name: 'Place GTT' }));
    expect(await screen.findAllByText('Enter a price in rupees, at most 2 decimals')).toHaveLength(1);
    expect(screen.getByLabelText('Trigger price (₹)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Limit price (₹)').getAttribute('aria-invalid')).toBeNull();
    expect(createBodies(fetchStub)).toEqual([]);
  });
});
