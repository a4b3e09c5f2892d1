import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositItem } from '../api/review-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { DepositQueue } from './DepositQueue';
import { isOverdue } from './QueueTools';

/*
 * The queue tools (docs/adr/0032-bank-statement-matching.md, "Queue tools") as the deposit queue wires
 * them: the filters go to the server, pending items are selected and decided in bulk with one reason
 * (each by its own call), the age column turns red past the queue's SLA, and the keys move and ask.
 */

const NOW = Date.UTC(2026, 10, 25, 6, 0);

function deposit(id: string, overrides: Partial<DepositItem> = {}): DepositItem {
  return {
    id,
    investor: { userId: `7${id}`, phone: `98765432${id.padStart(2, '0')}`, realName: `Investor ${id}` },
    channel: {
      id: '9',
      kind: 'upi',
      name: 'UPI main',
      currency: 'INR',
      min: '100.00',
      max: '500000.00',
      windowFrom: '00:00',
      windowTo: '23:59',
      details: { vpa: 'nivesh@hdfc', payeeName: 'Nivesh Broking' },
      qrCode: null,
      payerReference: 'utr',
    },
    amount: '1500.00',
    currency: 'INR',
    payerReference: `61234567890${id}`,
    receiptImage: `receipt-${id}`,
    source: {
      id: `4${id}`,
      kind: 'bank',
      holderName: `Investor ${id}`,
      accountNumber: 'XXXX6789',
      ifsc: 'SBIN0001234',
      bankName: 'State Bank of India',
      branchName: null,
      network: null,
      address: null,
      createdAt: Date.UTC(2026, 10, 1),
      usableFrom: Date.UTC(2026, 10, 2),
      usable: true,
    },
    sourceAccountNumber: '501012345678',
    status: 'pending',
    rejectReason: null,
    entryId: null,
    // Ten minutes old: inside the 30-minute SLA of the dashboard below.
    createdAt: NOW - 10 * 60_000,
    reviewedBy: null,
    reviewedAt: null,
    reversedAt: null,
    reversalEntryId: null,
    secondApproval: null,
    ...overrides,
  };
}

const dashboard = ok({
  users: { total: 3, newToday: 0 },
  today: {
    date: '2026-11-25',
    deposits: { count: 0, amount: '0.00' },
    withdrawals: { count: 0, amount: '0.00' },
    traded: { count: 0, amount: '0.00' },
    kinds: { deposits: [], withdrawals: [], traded: [] },
  },
  pendingReviews: [{ queue: 'deposits', count: 3, overdue: 1, slaMinutes: 30 }],
  reconciliation: null,
  feed: { mode: 'none', controllable: false, lastTickAt: null, lastTickAgeMs: null },
  engine: { running: true, leader: 'test', since: NOW, note: '' },
});

const fresh = deposit('11', { amount: '12500.00' });
const overdue = deposit('12', { amount: '2500.50', createdAt: NOW - 95 * 60_000 });
const approved = deposit('13', { status: 'approved', entryId: '501', reviewedBy: 'priya', reviewedAt: NOW });
const pageOf = (...items: DepositItem[]) => ok({ items, nextCursor: null });
const lastListBody = (api: ReturnType<typeof stubConsoleApi>) =>
  api.callsTo('deposits/list').at(-1)?.body as Record<string, unknown>;

// A table of several rows with antd's selection renders slowly in jsdom on a busy machine.
describe('the queue tools of the deposit queue', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStorage.setItem('staffToken', 'finance-token');
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    // jsdom has neither: the keys scroll the focused row into view with them.
    vi.stubGlobal('CSS', { escape: (value: string) => value });
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the typed filters to the server on Filter, and Clear leaves only the status', async () => {
    const api = stubConsoleApi({
      'staff/me': ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles: ['finance'] }),
      'dashboard/summary': dashboard,
      'deposits/list': pageOf(fresh, overdue),
    });
    renderWithProviders(<DepositQueue />);
    await screen.findByText('Deposit 11');
    expect(lastListBody(api)).toMatchObject({ status: 'pending' });

    fireEvent.change(screen.getByLabelText('Investor (phone or name)'), { target: { value: ' Asha ' } });
    fireEvent.change(screen.getByLabelText('From (IST day)'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To (IST day)'), { target: { value: '2026-11-25' } });
    fireEvent.change(screen.getByLabelText('Amount from ₹'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Amount to ₹'), { target: { value: '20000.50' } });
    fireEvent.change(screen.getByLabelText('UTR / reference'), { target: { value: '612345678901' } });
    // Typing alone asks the server nothing: the filter applies on Filter (or Enter).
    expect(lastListBody(api)).not.toHaveProperty('investor');
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(lastListBody(api)).toMatchObject({
        status: 'pending',
        investor: 'Asha',
        from: '2026-11-20',
        to: '2026-11-25',
        amountMin: '1000',
        amountMax: '20000.50',
        reference: '612345678901',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(Object.keys(lastListBody(api)).sort()).toEqual(['limit', 'status']));
    expect(screen.getByLabelText<HTMLInputElement>('UTR / reference').value).toBe('');
  });

  it('marks the item past the SLA overdue, in red, and only that one', async () => {
    stubConsoleApi({
      'staff/me': ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles: ['finance'] }),
      'dashboard/summary': dashboard,
      'deposits/list': pageOf(fresh, overdue),
    });
    const { container } = renderWithProviders(<DepositQueue />);
    expect(await screen.findByText('1 h 35 min')).toBeTruthy();
    expect(screen.getAllByText('overdue')).toHaveLength(1);
    expect(screen.getByText('10 min')).toBeTruthy();
    expect(screen.getByText(/Overdue \(red\) after 30 min waiting/)).toBeTruthy();
    expect(container.querySelector('[data-row-key="12"]')?.className).toContain('row-overdue');
    expect(container.querySelector('[data-row-key="11"]')?.className).not.toContain('row-overdue');
    // A decided item is never overdue, however old; without an SLA nothing is.
    expect(isOverdue('approved', NOW - 10 * 86_400_000, 30, NOW)).toBe(false);
    expect(isOverdue('pending', NOW - 10 * 86_400_000, null, NOW)).toBe(false);
    expect(isOverdue('pending', NOW - 31 * 60_000, 30, NOW)).toBe(true);
    expect(isOverdue('pending', NOW - 30 * 60_000, 30, NOW)).toBe(false);
  });

  it('approves the selected pending items one call each, after a reason and a confirmation', async () => {
    const api = stubConsoleApi({
      'staff/me': ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles: ['finance'] }),
      'dashboard/summary': dashboard,
      'deposits/list': pageOf(fresh, overdue, approved),
      'deposits/approve': (body) => {
        const { id } = body as { id: string };
        return id === '12'
          ? {
              status: 200,
              body: { status: 0, code: 'DEPOSIT_NOT_PENDING', msg: 'This deposit was already decided.' },
            }
          : ok({ ...fresh, status: 'approved', entryId: '777', reviewedBy: 'kiran' });
      },
    });
    renderWithProviders(<DepositQueue />);
    await screen.findByText('Deposit 11');
    // A decided item cannot be selected.
    expect(screen.getByLabelText<HTMLInputElement>('Select 13').disabled).toBe(true);
    const approveSelected = () => screen.getByRole('button', { name: /^Approve selected/ });
    expect(approveSelected().textContent).toBe('Approve selected (0)');
    fireEvent.click(screen.getByLabelText('Select 11'));
    fireEvent.click(screen.getByLabelText('Select 12'));
    expect(approveSelected().textContent).toBe('Approve selected (2)');
    // No reason yet (or too short): nothing can be decided.
    expect((approveSelected() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for the selected items'), { target: { value: 'ok' } });
    expect((approveSelected() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for the selected items'), {
      target: { value: 'seen on the HDFC statement' },
    });
    fireEvent.click(approveSelected());
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Approve 2 deposits: 11, 12?');
    expect(confirm.textContent).toContain('“seen on the HDFC statement”');
    expect(api.callsTo('deposits/approve')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Approve all' }));
    // One refused item leaves the other decided, and says which and why.
    expect(await screen.findByText('1 deposit decided, 1 not')).toBeTruthy();
    expect(screen.getByText(/deposit 12: This deposit was already decided/)).toBeTruthy();
    expect(api.callsTo('deposits/approve').map((call) => call.body)).toEqual([{ id: '11' }, { id: '12' }]);
    const keys = api.callsTo('deposits/approve').map((call) => call.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('rejects the selection with the one reason, sent with each', async () => {
    const api = stubConsoleApi({
      'staff/me': ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles: ['finance'] }),
      'dashboard/summary': dashboard,
      'deposits/list': pageOf(fresh, overdue),
      'deposits/reject': (body) => ok({ ...fresh, id: (body as { id: string }).id, status: 'rejected' }),
    });
    renderWithProviders(<DepositQueue />);
    await screen.findByText('Deposit 11');
    fireEvent.click(screen.getByLabelText('Select all'));
    fireEvent.change(screen.getByLabelText('Reason for the selected items'), {
      target: { value: 'no credit on the statement' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject selected (2)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject all' }));
    expect(await screen.findByText('2 deposits decided')).toBeTruthy();
    expect(api.callsTo('deposits/reject').map((call) => call.body)).toEqual([
      { id: '11', reason: 'no credit on the statement' },
      { id: '12', reason: 'no credit on the statement' },
    ]);
  });

  it('moves with j and k, asks to approve the focused item with a, and r without a reason asks for one', async () => {
    const api = stubConsoleApi({
      'staff/me': ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles: ['finance'] }),
      'dashboard/summary': dashboard,
      'deposits/list': pageOf(fresh, overdue),
    });
    const { container } = renderWithProviders(<DepositQueue />);
    await screen.findByText('Deposit 11');
    const row = (id: string) => container.querySelector(`[data-row-key="${id}"]`)!;
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(row('11').className).toContain('row-focused'));
    fireEvent.keyDown(window, { key: 'j' });
    await waitFor(() => expect(row('12').className).toContain('row-focused'));
    expect(row('11').className).not.toContain('row-focused');
    fireEvent.keyDown(window, { key: 'k' });
    await waitFor(() => expect(row('11').className).toContain('row-focused'));

    // r with no reason typed puts the cursor in the reason box and asks nothing.
    fireEvent.keyDown(window, { key: 'r' });
    expect(document.activeElement).toBe(screen.getByLabelText('Reason for the selected items'));
    // A key typed in a field is the field's: no item moves.
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(row('11').className).toContain('row-focused');
    (document.activeElement as HTMLElement).blur();

    fireEvent.keyDown(window, { key: 'a' });
    expect(await screen.findByText('Approve deposit 11?')).toBeTruthy();
    expect(api.callsTo('deposits/approve')).toHaveLength(0);
  });
});
