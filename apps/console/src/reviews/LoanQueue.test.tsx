import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoanItem } from '../api/loan-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { LoanQueue } from './LoanQueue';

const pendingLoan: LoanItem = {
  id: '12',
  amount: '10000.00',
  termDays: 30,
  dailyInterestBps: '5',
  state: 'pending',
  appliedAt: Date.UTC(2026, 10, 23, 4, 30),
  decidedAt: null,
  reason: null,
  disbursedAt: null,
  dueAt: null,
  isOverdue: false,
  principalOutstanding: '0.00',
  interestCharged: '0.00',
  interestOutstanding: '0.00',
  owed: '0.00',
  repaid: '0.00',
  repaidAt: null,
  investor: { userId: '7', phone: '9876543210', realName: 'Asha Rao' },
  creditScore: 650,
  quota: '50000.00',
  cash: '2500.00',
  decidedBy: null,
  repayments: [],
  secondApproval: null,
};
const outstanding: LoanItem = {
  ...pendingLoan,
  state: 'outstanding',
  decidedAt: Date.UTC(2026, 10, 23, 5, 0),
  decidedBy: 'meera',
  disbursedAt: Date.UTC(2026, 10, 23, 5, 0),
  dueAt: Date.UTC(2026, 11, 22, 18, 30),
  principalOutstanding: '10000.00',
  interestCharged: '15.00',
  interestOutstanding: '15.00',
  owed: '10015.00',
};
const meAs = (roles: string[]) => ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles });
const pageOf = (item: LoanItem) => ok({ items: [item], nextCursor: null });
const lastDialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('the credit-loan queue', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'staff-token'));

  it('shows the investor’s score, quota and cash, and approves after confirming', async () => {
    const api = stubConsoleApi({
      'staff/me': meAs(['compliance']),
      'loans/list': pageOf(pendingLoan),
      'loans/approve': ok({ ...outstanding }),
    });
    renderWithProviders(<LoanQueue />);
    const approve = (await screen.findByText('Approve')).closest('button') as HTMLButtonElement;
    expect(screen.getByText('₹50,000.00')).toBeTruthy();
    expect(screen.getByText('₹2,500.00')).toBeTruthy();
    expect(screen.getByText('30 days at 5 bps a day')).toBeTruthy();
    fireEvent.click(approve);
    await screen.findByText('Approve loan 12 of ₹10,000.00?');
    expect(api.callsTo('loans/approve')).toHaveLength(0);
    fireEvent.click(within(lastDialog()).getByText('Approve').closest('button')!);
    expect(await screen.findByText(/Loan 12 approved: ₹10,000.00 credited/)).toBeTruthy();
    expect(api.callsTo('loans/approve')[0]?.body).toEqual({ id: '12' });
    expect(api.callsTo('loans/approve')[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('rejects only with a reason', async () => {
    const api = stubConsoleApi({
      'staff/me': meAs(['finance']),
      'loans/list': pageOf(pendingLoan),
      'loans/reject': ok({ ...pendingLoan, state: 'rejected', reason: 'income not verified' }),
    });
    renderWithProviders(<LoanQueue />);
    const reject = (await screen.findByText('Reject')).closest('button') as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for loan 12'), {
      target: { value: 'income not verified' },
    });
    fireEvent.click(reject);
    await screen.findByText('Reject loan 12?');
    fireEvent.click(within(lastDialog()).getByText('Reject').closest('button')!);
    await waitFor(() => expect(api.callsTo('loans/reject')).toHaveLength(1));
    expect(api.callsTo('loans/reject')[0]?.body).toEqual({ id: '12', reason: 'income not verified' });
  });

  it('lets finance record a repayment received outside, with the bank reference and a reason', async () => {
    const api = stubConsoleApi({
      'staff/me': meAs(['finance']),
      'loans/list': pageOf(outstanding),
      'loans/recordRepayment': ok({ ...outstanding, owed: '5015.00', repaid: '5000.00' }),
    });
    renderWithProviders(<LoanQueue />);
    fireEvent.click((await screen.findByText('Record repayment received')).closest('button')!);
    const form = await screen.findByText('Record a repayment received for loan 12');
    expect(form).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount received (₹)'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Bank reference (UTR)'), { target: { value: 'HDFC26112399' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'bank statement line 4' } });
    fireEvent.click(within(lastDialog()).getByText('Continue').closest('button')!);
    await screen.findByText('Record ₹5,000.00 received for loan 12?');
    fireEvent.click(within(lastDialog()).getByText('Record repayment').closest('button')!);
    expect(await screen.findByText(/Repayment recorded on loan 12: owed now ₹5,015.00/)).toBeTruthy();
    expect(api.callsTo('loans/recordRepayment')[0]?.body).toEqual({
      id: '12',
      amount: '5000',
      reference: 'HDFC26112399',
      reason: 'bank statement line 4',
    });
  });

  it('after their first approval, tells the maker it waits for a second approver and offers no button', async () => {
    const approvedOnce: LoanItem = {
      ...pendingLoan,
      secondApproval: { requestId: '3', requestedBy: 'kiran', requestedAt: Date.UTC(2026, 10, 23, 5, 0) },
    };
    stubConsoleApi({ 'staff/me': meAs(['compliance']), 'loans/list': pageOf(approvedOnce) });
    renderWithProviders(<LoanQueue />);
    expect(await screen.findByText('Approved once by kiran: waits for a second approver')).toBeTruthy();
    expect(
      screen.getByText('You approved it first: it waits for a second approver, another staff member.'),
    ).toBeTruthy();
    expect(screen.queryByText('Approve and credit')).toBeNull();
    expect(screen.queryByText('Approve as second approver and credit')).toBeNull();
    expect(screen.queryByText('Reject')).toBeNull();
  });

  it('offers another staff member the second approval that credits', async () => {
    const approvedOnce: LoanItem = {
      ...pendingLoan,
      secondApproval: { requestId: '3', requestedBy: 'meera', requestedAt: Date.UTC(2026, 10, 23, 5, 0) },
    };
    stubConsoleApi({ 'staff/me': meAs(['compliance']), 'loans/list': pageOf(approvedOnce) });
    renderWithProviders(<LoanQueue />);
    fireEvent.click((await screen.findByText('Approve as second approver and credit')).closest('button')!);
    expect(await screen.findByText('Approve loan 12 as second approver and credit ₹10,000.00?')).toBeTruthy();
  });

  it('does not offer the recorded repayment to compliance', async () => {
    stubConsoleApi({ 'staff/me': meAs(['compliance']), 'loans/list': pageOf(outstanding) });
    renderWithProviders(<LoanQueue />);
    expect(await screen.findByText('Finance records repayments received')).toBeTruthy();
    expect(screen.queryByText('Record repayment received')).toBeNull();
  });
});
