import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReversalRequest } from '../api/console-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { ReversalRequestsCard } from './ReversalRequestsCard';

const request: ReversalRequest = {
  id: '9',
  entryId: '120',
  entryKey: 'deposit:55:approve',
  entryKind: 'deposit_approved',
  amount: '500000.00',
  reason: 'deposit bounced',
  requestedBy: '3',
  requestedByName: 'priya',
  requestedAt: Date.UTC(2026, 10, 23, 5, 0),
  state: 'pending',
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  decisionReason: null,
  reversalEntryId: null,
};
const page = ok({ items: [request], total: 1, page: 1, pageSize: 20 });

describe('second approvals', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'finance-token'));

  it('does not offer the decision to the staff member who asked', async () => {
    stubConsoleApi({
      'staff/me': ok({ id: '3', username: 'priya', displayName: 'Priya', roles: ['finance'] }),
      'ledger/reversalRequests': page,
    });
    renderWithProviders(<ReversalRequestsCard onOpenEntry={() => {}} />);
    expect(await screen.findByText('Another staff member must decide')).toBeTruthy();
    expect(screen.queryByText('Approve')).toBeNull();
  });

  it('lets another finance member approve with a reason, after confirming', async () => {
    const api = stubConsoleApi({
      'staff/me': ok({ id: '5', username: 'kiran', displayName: 'Kiran', roles: ['finance'] }),
      'ledger/reversalRequests': page,
      'ledger/decideReversal': ok({
        ...request,
        state: 'approved',
        decidedByName: 'kiran',
        reversalEntryId: '121',
      }),
    });
    renderWithProviders(<ReversalRequestsCard onOpenEntry={() => {}} />);
    const approve = (await screen.findByText('Approve')).closest('button') as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for request 9'), {
      target: { value: 'bank return memo checked' },
    });
    expect(approve.disabled).toBe(false);
    fireEvent.click(approve);
    await screen.findByText('Approve reversal request 9?');
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    expect(dialog.textContent).toContain('₹5,00,000.00');
    fireEvent.click(within(dialog).getByText('Approve and post').closest('button')!);
    expect(await screen.findByText('Approved: reversal posted as entry 121')).toBeTruthy();
    expect(api.callsTo('ledger/decideReversal')[0]?.body).toEqual({
      requestId: '9',
      approve: true,
      reason: 'bank return memo checked',
    });
  });
});
