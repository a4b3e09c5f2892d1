import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { Follow, FollowProduct } from './api';
import { FollowProductsPanel } from './follow-products-panel';
import { InvestForm } from './invest-form';
import { investProblem } from './invest-validation';

afterEach(() => vi.unstubAllGlobals());

const PRODUCT: FollowProduct = {
  id: '7',
  name: 'Nifty Momentum',
  description: 'Large caps on momentum',
  currency: 'INR',
  fundSize: '1000000.00',
  minInvestment: '10000.00',
  copyUntil: Date.UTC(2026, 10, 23, 8, 30),
  endsAt: Date.UTC(2026, 10, 30, 10, 0),
  state: 'in_progress',
  strategyOrders: 4,
  strategyOpenPositions: 1,
  followers: 3,
  dailyProfit: '1520.00',
  totalProfit: '-2500.50',
  totalProfitPercent: '-0.25',
};

const FOLLOW = { id: '3', productId: '7', state: 'in_progress' } as Follow;

function stubServer(reply: (path: string, body: unknown) => Response) {
  const fetchStub = vi.fn<typeof fetch>(async (url, init) =>
    reply(String(url), init?.body ? JSON.parse(String(init.body)) : {}),
  );
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('investProblem', () => {
  it('compares rupees in paise: the minimum, the available cash, the format', () => {
    expect(investProblem('', '10000.00', '50000.00')).toBe('required');
    expect(investProblem('12.345', '10000.00', '50000.00')).toBe('format');
    expect(investProblem('-5', '10000.00', '50000.00')).toBe('format');
    expect(investProblem('9999.99', '10000.00', '50000.00')).toBe('belowMinimum');
    expect(investProblem('50000.01', '10000.00', '50000.00')).toBe('aboveAvailable');
    expect(investProblem('10000', '10000.00', '50000.00')).toBeNull();
    expect(investProblem('50000.00', '10000.00', undefined)).toBeNull();
  });
});

describe('InvestForm', () => {
  it('shows the minimum, refuses below it in the current language and sends nothing', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, data: FOLLOW }));
    await renderWithApp(<InvestForm product={PRODUCT} available="50000.00" />);
    expect(screen.getByText(/Minimum ₹10,000.00/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(screen.getByText('The minimum is ₹10,000.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '60000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(screen.getByText('You have ₹50,000.00 available')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('confirms, then sends the amount with an idempotency key and tells the caller', async () => {
    const fetchStub = stubServer(() => jsonResponse({ status: 1, msg: 'ok', data: FOLLOW }));
    const invested = vi.fn();
    await renderWithApp(<InvestForm product={PRODUCT} available="50000.00" onInvested={invested} />);
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '25000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invest' }));
    expect(screen.getByRole('dialog').textContent).toContain('₹25,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(invested).toHaveBeenCalledWith(FOLLOW));
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(String(url)).toContain('/api/vue/follow/invest');
    expect(JSON.parse(String(init?.body))).toEqual({ id: '7', amount: '25000' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the server’s refusal inside the confirmation', async () => {
    stubServer(() =>
      jsonResponse({
        status: 0,
        code: 'COPY_TIME_LIMIT_EXCEEDED',
        msg: 'The copy-order time limit has passed',
        params: {},
        data: null,
      }),
    );
    await renderWithApp(<InvestForm product={PRODUCT} available="50000.00" />);
    fireEvent.change(screen.getByLabelText('Amount (₹)'), { target: { value: '10000.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('copy-order time limit');
  });
});

describe('FollowProductsPanel', () => {
  it('lists products with their terms and profit, in Hindi too', async () => {
    stubServer(() => jsonResponse({ status: 1, msg: 'ok', data: { items: [PRODUCT] } }));
    await renderWithApp(<FollowProductsPanel />, { language: 'hi' });
    expect(await screen.findByText('Nifty Momentum')).toBeTruthy();
    expect(screen.getByText('न्यूनतम निवेश')).toBeTruthy();
    expect(screen.getByText('₹10,000.00')).toBeTruthy();
    expect(screen.getByText('-0.25%').className).toBe('amount--down');
  });

  it('shows the empty state when no product is open', async () => {
    stubServer(() => jsonResponse({ status: 1, msg: 'ok', data: { items: [] } }));
    await renderWithApp(<FollowProductsPanel />);
    expect(await screen.findByText('No copy-trading products yet')).toBeTruthy();
  });
});
