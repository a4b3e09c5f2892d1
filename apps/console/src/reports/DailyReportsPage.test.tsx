import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DailyReport } from '../api/daily-report-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { DailyReportsPage } from './DailyReportsPage';

/*
 * The daily reports page (docs/adr/0033): one row per trading day with the day's totals, the day
 * opened with every figure, the money flows named as staff read them.
 */

const CLOSE = Date.UTC(2026, 10, 25, 10, 0);
const report: DailyReport = {
  tradeDate: '2026-11-25',
  firstDate: '2026-11-24',
  periodStart: Date.UTC(2026, 10, 23, 10, 0),
  periodEnd: CLOSE,
  computedAt: CLOSE + 30 * 60_000,
  computedBy: 'system',
  reason: null,
  fundsReceived: [
    { currency: 'INR', kind: 'deposit_approved', entries: 6, amount: '581500.50' },
    { currency: 'INR', kind: 'loan_repayment_received', entries: 1, amount: '0.50' },
    // Another currency is not added to the rupee total.
    { currency: 'USD', kind: 'deposit_approved', entries: 1, amount: '100.00' },
  ],
  fundsPaid: [{ currency: 'INR', kind: 'withdrawal_paid', entries: 1, amount: '7500.00' }],
  clientMoney: [{ currency: 'INR', held: '574001.00', loansOwed: '0.00', accounts: 12 }],
  turnover: { orders: 0, buy: '0.00', sell: '0.00', total: '0.00' },
  charges: [{ component: 'stt', account: 'house_stt_payable', amount: '0.00' }],
  chargesTotal: '0.00',
  openPositions: [],
  pendingReviews: [
    { queue: 'deposits', count: 0 },
    { queue: 'withdrawals', count: 2 },
  ],
  reconciliation: { ok: true, checkedAt: CLOSE + 30 * 60_000, problems: 0, details: [] },
};

describe('daily reports', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'finance-token'));

  it('lists each day with its rupee totals and opens it with the flows by name', async () => {
    const api = stubConsoleApi({
      'staff/me': ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles: ['finance'] }),
      'dailyReports/list': ok({ items: [report] }),
    });
    renderWithProviders(<DailyReportsPage />);
    const row = (await screen.findByText('2026-11-25')).closest('tr')!;
    // ₹5,81,500.50 and ₹0.50 in paise, never floating point; the dollars stay out.
    expect(within(row).getByText('₹5,81,501.00')).toBeTruthy();
    expect(within(row).getByText('₹7,500.00')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('reconciles')).toBeTruthy();
    expect(api.callsTo('dailyReports/list')[0]?.body).toEqual({ limit: 30 });

    fireEvent.click(within(row).getByRole('button', { name: /expand row/i }));
    expect((await screen.findByText(/^Deposits approved \(6\):/)).textContent).toContain('₹5,81,500.50');
    expect(screen.getByText(/^Loan repayments received \(1\):/).textContent).toContain('₹0.50');
    expect(screen.getByText(/^Withdrawals paid \(1\):/).textContent).toContain('₹7,500.00');
    expect(screen.getByText('Withdrawals: 2')).toBeTruthy();
    expect(screen.queryByText(/deposit_approved/)).toBeNull();
  });
});
