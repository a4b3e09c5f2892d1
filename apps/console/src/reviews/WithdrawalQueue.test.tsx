import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WithdrawalItem } from '../api/review-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { WithdrawalQueue } from './WithdrawalQueue';

const large: WithdrawalItem = {
  id: '31',
  investor: { userId: '7', phone: '9876543210', realName: 'Asha Rao' },
  destination: {
    id: '4',
    kind: 'bank',
    holderName: 'Asha Rao',
    accountNumber: 'XXXX6789',
    ifsc: 'HDFC0001234',
    bankName: 'HDFC Bank',
    branchName: null,
    network: null,
    address: null,
    createdAt: Date.UTC(2026, 10, 20),
    usableFrom: Date.UTC(2026, 10, 21),
    usable: true,
  },
  destinationAccountNumber: '50100123456789',
  amount: '250000.00',
  fee: '0.00',
  net: '250000.00',
  currency: 'INR',
  status: 'pending',
  approvalsRequired: 2,
  firstApprovedBy: null,
  firstApprovedAt: null,
  payoutReference: null,
  rejectReason: null,
  createdAt: Date.UTC(2026, 10, 23, 4, 30),
  reviewedBy: null,
  reviewedAt: null,
};
const firstApproved: WithdrawalItem = {
  ...large,
  firstApprovedBy: 'priya',
  firstApprovedAt: Date.UTC(2026, 10, 23, 5, 0),
};
const meAs = (username: string) => ok({ id: '5', username, displayName: username, roles: ['finance'] });
const pageOf = (item: WithdrawalItem) => ok({ items: [item], nextCursor: null });
const lastDialog = () => screen.getAllByRole('dialog').at(-1)!;

describe('the withdrawal queue', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'finance-token'));

  it('asks for a reason before rejecting, confirms, and sends the reason', async () => {
    const api = stubConsoleApi({
      'staff/me': meAs('kiran'),
      'withdrawals/list': pageOf(large),
      'withdrawals/reject': ok({
        ...large,
        status: 'rejected',
        rejectReason: 'name mismatch',
        reviewedBy: 'kiran',
      }),
    });
    renderWithProviders(<WithdrawalQueue />);
    const reject = (await screen.findByText('Reject')).closest('button') as HTMLButtonElement;
    expect(reject.disabled).toBe(true);
    const reason = screen.getByLabelText('Reason for withdrawal 31');
    fireEvent.change(reason, { target: { value: 'no' } });
    expect(await screen.findByText('A reason of at least 3 characters to reject')).toBeTruthy();
    expect(reject.disabled).toBe(true);
    fireEvent.change(reason, { target: { value: 'name mismatch' } });
    expect(reject.disabled).toBe(false);
    fireEvent.click(reject);
    await screen.findByText('Reject withdrawal 31?');
    expect(api.callsTo('withdrawals/reject')).toHaveLength(0);
    fireEvent.click(within(lastDialog()).getByText('Reject').closest('button')!);
    expect(await screen.findByText(/Withdrawal 31 rejected/)).toBeTruthy();
    expect(api.callsTo('withdrawals/reject')[0]?.body).toEqual({ id: '31', reason: 'name mismatch' });
    expect(api.callsTo('withdrawals/reject')[0]?.headers['idempotency-key']).toBeTruthy();
  });

  it('shows a first approval above the threshold and sends no payout reference with it', async () => {
    const api = stubConsoleApi({
      'staff/me': meAs('priya'),
      'withdrawals/list': pageOf(large),
      'withdrawals/approve': ok(firstApproved),
    });
    renderWithProviders(<WithdrawalQueue />);
    expect(await screen.findByText('0 of 2 approvals')).toBeTruthy();
    expect(screen.getByText('two-person')).toBeTruthy();
    expect(screen.queryByLabelText('Payout reference for withdrawal 31')).toBeNull();
    fireEvent.click(screen.getByText('First approval').closest('button')!);
    await screen.findByText('First approval: withdrawal 31?');
    expect(lastDialog().textContent).toContain(
      'nothing is paid until a second finance staff member approves',
    );
    fireEvent.click(within(lastDialog()).getByText('First approval').closest('button')!);
    expect(await screen.findByText(/first approval recorded/)).toBeTruthy();
    expect(api.callsTo('withdrawals/approve')[0]?.body).toEqual({ id: '31' });
  });

  it('does not offer the second approval to the first approver', async () => {
    stubConsoleApi({ 'staff/me': meAs('priya'), 'withdrawals/list': pageOf(firstApproved) });
    renderWithProviders(<WithdrawalQueue />);
    expect(await screen.findByText(/1 of 2: priya/)).toBeTruthy();
    expect(
      await screen.findByText('You gave the first approval: another staff member gives the second'),
    ).toBeTruthy();
    expect(screen.queryByText('Second approval and pay')).toBeNull();
  });

  it('lets a second staff member complete it with the payout reference', async () => {
    const api = stubConsoleApi({
      'staff/me': meAs('kiran'),
      'withdrawals/list': pageOf(firstApproved),
      'withdrawals/approve': ok({
        ...firstApproved,
        status: 'approved',
        payoutReference: 'HDFCN26112300042',
        reviewedBy: 'kiran',
      }),
    });
    renderWithProviders(<WithdrawalQueue />);
    const approve = (await screen.findByText('Second approval and pay')).closest(
      'button',
    ) as HTMLButtonElement;
    expect(screen.getByText(/1 of 2: priya/)).toBeTruthy();
    expect(approve.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Payout reference for withdrawal 31'), {
      target: { value: 'HDFCN26112300042' },
    });
    expect(approve.disabled).toBe(false);
    fireEvent.click(approve);
    await screen.findByText('Second approval and pay: withdrawal 31?');
    expect(lastDialog().textContent).toContain('₹2,50,000.00');
    expect(lastDialog().textContent).toContain('50100123456789');
    fireEvent.click(within(lastDialog()).getByText('Second approval and pay').closest('button')!);
    expect(await screen.findByText(/approved and paid \(payout reference HDFCN26112300042\)/)).toBeTruthy();
    expect(api.callsTo('withdrawals/approve')[0]?.body).toEqual({
      id: '31',
      payoutReference: 'HDFCN26112300042',
    });
  });

  it('tells the loser of two staff acting at once that it was already decided, and reads the queue again', async () => {
    let listed = 0;
    const api = stubConsoleApi({
      'staff/me': meAs('kiran'),
      'withdrawals/list': () => {
        listed += 1;
        return listed === 1 ? pageOf(firstApproved) : ok({ items: [], nextCursor: null });
      },
      'withdrawals/approve': {
        status: 409,
        body: {
          status: 0,
          code: 'NOT_IN_REVIEW',
          msg: 'This item is not under review; do not repeat the operation',
          params: {},
        },
      },
    });
    renderWithProviders(<WithdrawalQueue />);
    await screen.findByText('Second approval and pay');
    fireEvent.change(screen.getByLabelText('Payout reference for withdrawal 31'), {
      target: { value: 'HDFCN26112300042' },
    });
    fireEvent.click(screen.getByText('Second approval and pay').closest('button')!);
    await screen.findByText('Second approval and pay: withdrawal 31?');
    fireEvent.click(within(lastDialog()).getByText('Second approval and pay').closest('button')!);
    expect(
      await screen.findByText('This item is not under review; do not repeat the operation'),
    ).toBeTruthy();
    expect(await screen.findByText('No withdrawal in this state.')).toBeTruthy();
    expect(api.callsTo('withdrawals/list').length).toBeGreaterThanOrEqual(2);
  });
});
