import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { BlockDetail, BlockTrade } from './api';
import { blockEstimateBody, checkLimitPrice } from './block-order';
import { BlockOrderForm } from './block-order-form';
import { BlockWindowCard } from './block-window-card';

afterEach(() => vi.unstubAllGlobals());

const REFERENCE = {
  price: '1000.00',
  basis: 'previous_close' as const,
  tradingDate: '2026-11-23',
  window: 'morning' as const,
  sourceAt: Date.UTC(2026, 10, 20, 9, 59),
  bandLower: '990.00',
  bandUpper: '1010.00',
  current: true,
};

const DETAIL: BlockDetail = {
  window: {
    open: true,
    window: 'morning',
    tradingDate: '2026-11-23',
    opensAt: Date.UTC(2026, 10, 23, 3, 15),
    closesAt: Date.UTC(2026, 10, 23, 3, 30),
    serverTime: Date.UTC(2026, 10, 23, 3, 20),
  },
  rules: {
    minQuantity: 100,
    bandBps: 100,
    bandPercent: '1%',
    lockDays: 2,
    morning: { start: '08:45', end: '09:00' },
    afternoon: { start: '14:05', end: '14:20' },
  },
  item: {
    symbol: 'RELIANCE',
    name: 'Reliance Industries',
    exchange: 'NSE',
    lastPrice: '1000.00',
    previousClose: '1000.00',
    reference: REFERENCE,
  },
};

const TRADE = { id: '7', positionId: '41', symbol: 'RELIANCE' } as BlockTrade;

function stubServer(reply: (path: string) => Response) {
  const fetchStub = vi.fn<typeof fetch>(async (url) => reply(String(url)));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

/**
 * What the server's trade/estimate answers for 101 RELIANCE bought for delivery at ₹1,000.00: STT
 * ₹101, exchange 3.00, SEBI 0.10, stamp 15.15, GST 0.56 (docs/adr/0020).
 */
const ESTIMATE_101 = {
  leg: 'open',
  product: 'CNC',
  tradeSide: 'buy',
  symbol: 'RELIANCE',
  quantity: 101,
  price: '1000.00',
  turnover: '101000.00',
  charges: {
    brokerage: '0.00',
    stt: '101.00',
    exchange: '3.00',
    sebi: '0.10',
    stampDuty: '15.15',
    gst: '0.56',
    dp: '0.00',
    total: '119.81',
  },
  margin: '101000.00',
  netAmount: '101119.81',
  scheduleFrom: '2024-10-01',
};

describe('block order math', () => {
  it('the charges are asked of trade/estimate as a delivery buy at leverage 1 priced at the reference', () => {
    expect(blockEstimateBody('RELIANCE', '1000.00', 100)).toEqual({
      symbol: 'RELIANCE',
      side: 'long',
      orderType: 'limit',
      price: '1000.00',
      quantity: 100,
      product: 'CNC',
      leverage: 1,
    });
    expect(blockEstimateBody('RELIANCE', '1000.00', 0)).toBeNull();
    expect(blockEstimateBody('RELIANCE', '1000.00', 100.5)).toBeNull();
  });

  it('a limit price is optional, and must be a price inside the band', () => {
    expect(checkLimitPrice('', REFERENCE)).toBeNull();
    expect(checkLimitPrice('1010.00', REFERENCE)).toBeNull();
    expect(checkLimitPrice('1010.05', REFERENCE)).toBe('band');
    expect(checkLimitPrice('989.95', REFERENCE)).toBe('band');
    expect(checkLimitPrice('10.001', REFERENCE)).toBe('format');
  });
});

describe('BlockOrderForm', () => {
  it('shows amount, charges (from trade/estimate) and lock; steps from the minimum; confirms; a double tap buys once', async () => {
    const fetchStub = stubServer((path) =>
      path.includes('trade/estimate')
        ? jsonResponse({ status: 1, data: ESTIMATE_101 })
        : jsonResponse({ status: 1, data: { trade: TRADE, position: { id: '41' } } }),
    );
    const onPlaced = vi.fn();
    await renderWithApp(<BlockOrderForm detail={DETAIL} onPlaced={onPlaced} />);
    expect((screen.getByRole('textbox', { name: 'Quantity (shares)' }) as HTMLInputElement).value).toBe(
      '100',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decrease' }));
    expect((screen.getByRole('textbox', { name: 'Quantity (shares)' }) as HTMLInputElement).value).toBe(
      '100',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    const cost = screen.getByLabelText('Cost');
    // The figures are the server's estimate for 101 at the reference, asked as a CNC buy at ₹1,000.00.
    await waitFor(() => expect(cost.textContent).toContain('1,01,119.81'));
    expect(cost.textContent).toContain('1,01,000.00');
    expect(cost.textContent).toContain('119.81');
    expect(cost.textContent).toContain('T+2: locked 2 day(s)');
    const estimates = fetchStub.mock.calls.filter(([url]) => String(url).includes('trade/estimate'));
    expect(estimates.map(([, init]) => JSON.parse(String(init?.body)))).toContainEqual({
      symbol: 'RELIANCE',
      side: 'long',
      orderType: 'limit',
      price: '1000.00',
      quantity: 101,
      product: 'CNC',
      leverage: 1,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Review block buy' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('101 shares');
    expect(dialog.textContent).toContain('T+2');
    // The confirmation lists the charges line by line with the net amount, as the other sheets do.
    const charges = screen.getByRole('region', { name: 'Charges' });
    expect(charges.textContent).toContain('Stamp duty');
    expect(charges.textContent).toContain('15.15');
    expect(charges.textContent).toContain('Net amount you pay');
    const buy = screen.getByRole('button', { name: 'Buy' });
    fireEvent.click(buy);
    fireEvent.click(buy);
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    const calls = fetchStub.mock.calls.filter(([url]) => String(url).includes('block/buy'));
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({ symbol: 'RELIANCE', quantity: 101 });
  });

  it('refuses 100.5 shares as not a whole number, never stripping it to 1005', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: null }));
    await renderWithApp(<BlockOrderForm detail={DETAIL} onPlaced={() => undefined} />);
    const quantity = screen.getByRole('textbox', { name: 'Quantity (shares)' }) as HTMLInputElement;
    fireEvent.change(quantity, { target: { value: '100.5' } });
    fireEvent.blur(quantity);
    expect(quantity.value).toBe('100.5');
    fireEvent.click(screen.getByRole('button', { name: 'Review block buy' }));
    expect(screen.getByText('The number of shares must be a whole number')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('block/buy'))).toHaveLength(0);
  });

  it('refuses a limit outside the band on the field, sending nothing', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: null }));
    await renderWithApp(<BlockOrderForm detail={DETAIL} onPlaced={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Limit price (optional)'), { target: { value: '1011' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review block buy' }));
    expect(screen.getByText('Outside the band ₹990.00 – ₹1,010.00')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchStub.mock.calls.filter(([url]) => String(url).includes('block/buy'))).toHaveLength(0);
  });

  it('shows the server’s refusal in the dialog, in the current language', async () => {
    stubServer(() =>
      jsonResponse({ status: 0, code: 'BLOCK_TRADE_CLOSED', msg: 'ब्लॉक ट्रेडिंग बंद है', params: {}, data: null }),
    );
    await renderWithApp(<BlockOrderForm detail={DETAIL} onPlaced={() => undefined} />, { language: 'hi' });
    fireEvent.click(screen.getByRole('button', { name: 'ब्लॉक खरीद की समीक्षा करें' }));
    fireEvent.click(screen.getByRole('button', { name: 'खरीदें' }));
    expect(await screen.findByText('ब्लॉक ट्रेडिंग बंद है')).toBeTruthy();
  });

  it('cannot be submitted while the window is closed', async () => {
    stubServer(() => jsonResponse({ status: 1, data: null }));
    await renderWithApp(
      <BlockOrderForm
        detail={{ ...DETAIL, window: { ...DETAIL.window, open: false } }}
        onPlaced={() => undefined}
      />,
    );
    expect(
      (screen.getByRole('button', { name: 'Block trading is closed' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('BlockWindowCard', () => {
  it('counts down to the close by the server’s clock', async () => {
    stubServer(() => jsonResponse({ status: 1, data: null }));
    await renderWithApp(<BlockWindowCard window={DETAIL.window} rules={DETAIL.rules} />);
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('Morning window 08:45–09:00 IST')).toBeTruthy();
    expect(screen.getByText('Closes in')).toBeTruthy();
    // Server time 08:50, close 09:00: ten minutes left, whatever the phone's clock says.
    expect(screen.getByText(/^00:(10:00|09:5\d)$/)).toBeTruthy();
  });

  it('while closed, says when the next window opens', async () => {
    stubServer(() => jsonResponse({ status: 1, data: null }));
    await renderWithApp(
      <BlockWindowCard
        window={{
          ...DETAIL.window,
          open: false,
          window: 'afternoon',
          opensAt: DETAIL.window.serverTime + 3_600_000,
        }}
        rules={DETAIL.rules}
      />,
    );
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(screen.getByText('Opens in')).toBeTruthy();
    expect(screen.getByText(/^(01:00:00|00:59:5\d)$/)).toBeTruthy();
  });
});
