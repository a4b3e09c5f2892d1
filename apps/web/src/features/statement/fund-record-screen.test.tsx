import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubOnePage } from '../../test/render';
import FundRecordScreen from './fund-record-screen';

afterEach(() => vi.unstubAllGlobals());

const row = (overrides: Record<string, unknown>) => ({
  postingId: '1',
  entryId: '1',
  time: Date.UTC(2026, 10, 20, 6, 0),
  kind: 'trade_open',
  referenceType: null,
  reference: null,
  account: 'cash',
  currency: 'INR',
  amount: '0.00',
  balanceAfter: '0.00',
  ...overrides,
});

describe('the account statement', () => {
  it('names loan and IPO lines by what they are and signs amounts as −₹', async () => {
    stubOnePage([
      row({ postingId: '3', kind: 'loan_disbursed', amount: '20000.00', balanceAfter: '20000.00' }),
      row({
        postingId: '2',
        kind: 'ipo_hold',
        referenceType: 'ipo_subscription',
        reference: '12',
        amount: '-15000.00',
        balanceAfter: '-15000.00',
      }),
    ]);
    await renderWithApp(<FundRecordScreen />);
    const list = await screen.findByRole('list', { name: 'Trade' });
    const [loan, ipo] = within(list).getAllByRole('listitem');
    expect(loan?.textContent).toContain('Loan paid out to you');
    expect(loan?.textContent).toContain('+₹20,000.00');
    expect(ipo?.textContent).toContain('IPO application: amount blocked');
    expect(ipo?.textContent).toContain('Ref. #12');
    expect(ipo?.textContent).toContain('\u2212₹15,000.00');
    expect(ipo?.textContent).toContain('Balance \u2212₹15,000.00');
    expect(list.textContent).not.toContain('₹-');
    expect(list.textContent).not.toMatch(/^Trade|>Trade</);
  });
});
