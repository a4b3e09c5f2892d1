import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Position } from '../../api/positions';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { InstrumentQuote } from './api';
import { BuyForm } from './buy-form';
import { checkQuantity, estimateOrder, type OrderValues, validateOrder } from './order-validation';

afterEach(() => vi.unstubAllGlobals());

const QUOTE: InstrumentQuote = {
  symbol: 'RELIANCE',
  code: 'RELIANCE',
  name: 'Reliance Industries',
  exchange: 'NSE',
  segment: 'listed',
  price: '2450.05',
  change: '10.00',
  changeRate: 0.41,
  tickSize: '0.05',
  lotSize: 1,
  priceBand: { lower: '2205.00', upper: '2695.00' },
  leverages: [1, 2, 5],
  shortable: true,
  tradable: true,
  simulated: true,
  time: 0,
};

const VALUES: OrderValues = {
  side: 'long',
  orderType: 'limit',
  quantity: '10',
  leverage: 2,
  price: '2450.05',
  triggerPrice: '',
  product: 'MTF',
};

describe('validateOrder', () => {
  it('accepts a whole number of lots at a price on the tick inside the band', () => {
    expect(validateOrder(VALUES, QUOTE)).toEqual({});
  });

  it('refuses fractional, zero, negative and empty lots', () => {
    expect(validateOrder({ ...VALUES, quantity: '1.5' }, QUOTE).quantity).toBe(
      'trade.validation.quantityWhole',
    );
    expect(validateOrder({ ...VALUES, quantity: '0' }, QUOTE).quantity).toBe(
      'trade.validation.quantityMinimum',
    );
    expect(validateOrder({ ...VALUES, quantity: '-3' }, QUOTE).quantity).toBe(
      'trade.validation.quantityMinimum',
    );
    expect(validateOrder({ ...VALUES, quantity: '' }, QUOTE).quantity).toBe(
      'trade.validation.quantityRequired',
    );
    expect(validateOrder({ ...VALUES, quantity: '1e3' }, QUOTE).quantity).toBe(
      'trade.validation.quantityWhole',
    );
    expect(checkQuantity('4', 5).error).toBe('trade.validation.quantityMinimum');
  });

  it('refuses a zero, negative, malformed, off-tick or out-of-band price', () => {
    const price = (text: string) => validateOrder({ ...VALUES, price: text }, QUOTE).price;
    expect(price('0')).toBe('trade.validation.priceNotPositive');
    expect(price('0.00')).toBe('trade.validation.priceNotPositive');
    expect(price('-5')).toBe('trade.validation.priceNotPositive');
    expect(price('')).toBe('trade.validation.priceRequired');
    expect(price('12.345')).toBe('trade.validation.priceInvalid');
    expect(price('abc')).toBe('trade.validation.priceInvalid');
    expect(price('2450.03')).toBe('trade.validation.priceOffTick');
    expect(price('2695.05')).toBe('trade.validation.priceOutsideBand');
    expect(price('2204.95')).toBe('trade.validation.priceOutsideBand');
    expect(price('2695.00')).toBeUndefined();
  });

  it('checks the trigger of stop orders, the leverage, shorting and the last price of a market order', () => {
    expect(validateOrder({ ...VALUES, orderType: 'sl-m', triggerPrice: '0' }, QUOTE).triggerPrice).toBe(
      'trade.validation.priceNotPositive',
    );
    expect(validateOrder({ ...VALUES, orderType: 'sl-m', price: '' }, QUOTE).price).toBeUndefined();
    expect(validateOrder({ ...VALUES, leverage: 3 }, QUOTE).leverage).toBe(
      'trade.validation.leverageNotAllowed',
    );
    expect(validateOrder({ ...VALUES, side: 'short' }, { ...QUOTE, shortable: false }).side).toBe(
      'trade.validation.shortNotAllowed',
    );
    const { price: _ignored, ...withoutPrice } = QUOTE;
    expect(validateOrder({ ...VALUES, orderType: 'market' }, withoutPrice).price).toBe(
      'trade.validation.priceUnavailable',
    );
  });

  it('estimates margin, charges and MTF interest exactly in paise with the core math', () => {
    // 10 × ₹2,450.05 = ₹24,500.50; margin at 2× ₹12,250.25; the MTF buy's charges (docs/adr/0020):
    // STT ₹24.5005 → ₹25, exchange 72.77 → 73, SEBI 2, stamp 367.51 → 368, GST 18% of 75 → 14: ₹29.57.
    // MTF funds ₹12,250.25 at 0.04% a day = 490.01 paise → ₹4.90.
    expect(estimateOrder(VALUES, QUOTE)).toEqual({
      price: '2450.05',
      notional: '24500.50',
      margin: '12250.25',
      fee: '29.57',
      total: '12279.82',
      mtfInterestPerDay: '4.90',
    });
    expect(
      estimateOrder({ ...VALUES, product: 'CNC', leverage: 1 }, QUOTE)?.mtfInterestPerDay,
    ).toBeUndefined();
    expect(estimateOrder({ ...VALUES, quantity: '1.5' }, QUOTE)).toBeNull();
  });
});

const FILLED = { id: '41', symbol: 'RELIANCE', status: 'holding' } as Position;
const ESTIMATE = {
  leg: 'open',
  product: 'MTF',
  tradeSide: 'buy',
  symbol: 'RELIANCE',
  quantity: 3,
  price: '2450.05',
  turnover: '7350.15',
  charges: {
    brokerage: '0.00',
    stt: '7.00',
    exchange: '0.22',
    sebi: '0.01',
    stampDuty: '1.10',
    gst: '0.04',
    dp: '0.00',
    total: '8.37',
  },
  margin: '1470.03',
  netAmount: '1478.40',
  scheduleFrom: '2024-10-01',
};

function stubServer(reply: (path: string) => Response) {
  const fetchStub = vi.fn<typeof fetch>(async (url) => reply(String(url)));
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('BuyForm', () => {
  it('shows refusals under the fields in the current language and sends nothing', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: FILLED }));
    await renderWithApp(<BuyForm quote={QUOTE} onPlaced={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Order type'), { target: { value: 'limit' } });
    fireEvent.change(screen.getByLabelText('Price (INR)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    expect(screen.getByText('The price must be greater than 0')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Price (INR)'), { target: { value: '-12' } });
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    expect(screen.getByText('The price must be greater than 0')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Price (INR)'), { target: { value: '2450.02' } });
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    expect(screen.getByText('The price must be a multiple of the tick 0.05')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Price (INR)'), { target: { value: '3000' } });
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    expect(screen.getByText("The price must be within today's limits 2,205.00 – 2,695.00")).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses 2.5 lots as not a whole number instead of reading it as 25', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: FILLED }));
    await renderWithApp(<BuyForm quote={QUOTE} onPlaced={() => undefined} />);
    const lots = screen.getByRole('textbox', { name: 'Lots' }) as HTMLInputElement;
    for (const typed of ['2.5', '2,5', '3a']) {
      fireEvent.change(lots, { target: { value: typed } });
      fireEvent.blur(lots);
      expect(lots.value).toBe(typed);
      fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
      expect(screen.getByText('The lots must be a whole number')).toBeTruthy();
      expect(lots.getAttribute('aria-invalid')).toBe('true');
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    fireEvent.change(lots, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('2')).toBeTruthy();
    // The confirmation asks for the charges of 2 lots; nothing is placed before it is confirmed.
    const paths = fetchStub.mock.calls.map(([path]) => String(path));
    expect(paths.filter((path) => !path.endsWith('trade/estimate'))).toEqual([]);
    expect(fetchStub.mock.calls.map(([, init]) => JSON.parse(String(init?.body)).quantity)).toEqual(
      paths.map(() => 2),
    );
  });

  it('describes a stop-loss market order as one that waits for its trigger, not as a market order', async () => {
    stubServer(() => jsonResponse({ status: 1, data: FILLED }));
    await renderWithApp(<BuyForm quote={QUOTE} onPlaced={() => undefined} />);
    expect(screen.getByText(/fills at once at the current feed price/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order type'), { target: { value: 'sl-m' } });
    expect(screen.queryByText(/fills at once at the current feed price/)).toBeNull();
    expect(
      screen.getByText(/when the price reaches the trigger price, it fills at the market price/),
    ).toBeTruthy();
  });

  it('speaks Hindi when the app does', async () => {
    stubServer(() => jsonResponse({ status: 1, data: FILLED }));
    await renderWithApp(<BuyForm quote={QUOTE} onPlaced={() => undefined} />, { language: 'hi' });
    fireEvent.change(screen.getByLabelText('ऑर्डर प्रकार'), { target: { value: 'limit' } });
    fireEvent.change(screen.getByLabelText('मूल्य (INR)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: /^आगे बढ़ें/ }));
    expect(screen.getByText('मूल्य 0 से अधिक होना चाहिए')).toBeTruthy();
  });

  it('steps the lots, shows margin and charges before confirming, and a double tap places once', async () => {
    const fetchStub = stubServer((path) =>
      jsonResponse({ status: 1, data: path.includes('trade/estimate') ? ESTIMATE : FILLED }),
    );
    const onPlaced = vi.fn();
    await renderWithApp(<BuyForm quote={QUOTE} onPlaced={onPlaced} />);
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    // Delivery (CNC) is the default and has no leverage to choose; MTF offers the instrument's above 1.
    expect(screen.queryByLabelText('Leverage')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'MTF' }));
    fireEvent.change(screen.getByLabelText('Leverage'), { target: { value: '5' } });
    // 3 × ₹2,450.05 = ₹7,350.15; at 5× the margin is ₹1,470.03 (rounded up); charges ₹8.37 (STT ₹7,
    // exchange 0.22, SEBI 0.01, stamp 1.10, GST 0.04).
    const estimate = screen.getByLabelText('Cost of this order');
    expect(estimate.textContent).toContain('7,350.15');
    expect(estimate.textContent).toContain('1,470.03');
    expect(estimate.textContent).toContain('8.37');
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    const dialog = screen.getByRole('dialog');
    // The server's estimate, line by line, and the net amount.
    const charges = await screen.findByRole('region', { name: 'Charges' });
    expect(charges.textContent).toContain('STT (securities transaction tax)');
    expect(charges.textContent).toContain('Stamp duty');
    expect(charges.textContent).toContain('1,478.40');
    expect(dialog.textContent).toContain('1,470.03');
    // MTF funds ₹5,880.12 at 0.04% a day: ₹2.35 (235.2048 paise), shown before confirming.
    expect(dialog.textContent).toContain('MTF interest per day (est.)2.35');
    const confirm = screen.getByRole('button', { name: 'Place order' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(FILLED));
    const opens = fetchStub.mock.calls.filter(([url]) => String(url).includes('trade/open'));
    expect(opens).toHaveLength(1);
    expect(JSON.parse(String(opens[0]?.[1]?.body))).toEqual({
      symbol: 'RELIANCE',
      side: 'long',
      orderType: 'market',
      quantity: 3,
      product: 'MTF',
      leverage: 5,
    });
    const headers = opens[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('sends delivery (CNC) at leverage 1 by default, and intraday (MIS) as chosen', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: FILLED }));
    await renderWithApp(<BuyForm quote={QUOTE} onPlaced={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Delivery (CNC)' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    expect(screen.getByRole('dialog').textContent).not.toContain('MTF interest');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toMatchObject({
      product: 'CNC',
      leverage: 1,
    });
  });

  it('offers no MTF leverage on an instrument without leverage', async () => {
    stubServer(() => jsonResponse({ status: 1, data: FILLED }));
    await renderWithApp(<BuyForm quote={{ ...QUOTE, leverages: [1] }} onPlaced={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'MTF' }));
    expect(screen.getByText('MTF is not offered for this instrument')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server refusal in the dialog', async () => {
    stubServer(() =>
      jsonResponse({
        status: 0,
        code: 'OUTSIDE_TRADING_HOURS',
        msg: 'Not within trading hours',
        data: null,
      }),
    );
    await renderWithApp(<BuyForm quote={QUOTE} initialSide="short" onPlaced={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /^Continue: Short/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not within trading hours');
  });
});
