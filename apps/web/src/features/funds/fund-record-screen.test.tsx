import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubOnePage } from '../../test/render';
import FundRecordScreen from './fund-record-screen';

afterEach(() => vi.unstubAllGlobals());

const posting = (account: string, amount: string) => ({
  postingId: `${account}${amount}`,
  entryId: '9',
  time: 0,
  kind: 'x',
  referenceType: null,
  reference: null,
  account,
  currency: 'INR',
  amount,
  balanceAfter: '0.00',
});

const record = (overrides: Record<string, unknown>) => ({
  id: '1',
  tab: 'trade',
  kind: 'trade_open',
  status: 'posted',
  amount: '0.00',
  fee: '0.00',
  currency: 'INR',
  reference: null,
  detail: null,
  rejectReason: null,
  createdAt: Date.UTC(2026, 10, 20, 6, 0),
  decidedAt: Date.UTC(2026, 10, 20, 6, 0),
  postings: [],
  ...overrides,
});

describe('the fund records', () => {
  it('shows a pending order hold as held (not completed) and an IPO allotment by what it moved', async () => {
    stubOnePage([
      record({
        id: '2',
        kind: 'trade_hold',
        amount: '-2450.05',
        postings: [posting('cash', '-2450.05'), posting('order_hold', '2450.05')],
      }),
      record({
        id: '3',
        kind: 'ipo_capture',
        amount: '0.00',
        postings: [posting('ipo_escrow', '-15000.00')],
      }),
    ]);
    await renderWithApp(<FundRecordScreen />);
    const hold = (await screen.findByText('Held for a pending order')).closest('li');
    expect(hold?.textContent).toContain('Held');
    expect(hold?.textContent).not.toContain('Completed');
    expect(hold?.textContent).toContain('\u2212₹2,450.05');
    const ipo = screen.getByText('IPO allotment paid from the blocked amount').closest('li');
    expect(ipo?.textContent).toContain('\u2212₹15,000.00');
    expect(ipo?.textContent).toContain('IPO escrow');
    expect(ipo?.textContent).not.toContain('0.00 INR');
    expect(ipo?.textContent).not.toContain('INR 0.00');
  });
});
