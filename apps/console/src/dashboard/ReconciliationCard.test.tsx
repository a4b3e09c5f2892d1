import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { ReconciliationCard } from './ReconciliationCard';

const staff = (roles: string[]) => ({ id: '5', username: 'meera', displayName: 'Meera Das', roles });
const reportWithProblems = {
  ok: false,
  checkedAt: Date.UTC(2026, 0, 15, 4, 30),
  accounts: 12,
  entries: 40,
  postings: 80,
  problems: [
    { kind: 'entry_unbalanced', detail: 'entry 17 sums to 5 INR' },
    { kind: 'currency_not_zero', detail: 'INR postings sum to 5' },
  ],
  totalsByCurrency: [{ currency: 'INR', sum: '5' }],
  totalsByBook: [{ book: 'real', currency: 'INR', sum: '5' }],
};

const runButton = () => screen.getByRole('button', { name: 'Run reconciliation' }) as HTMLButtonElement;

describe('reconciliation card', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'token'));

  it('runs the check and lists each problem', async () => {
    stubConsoleApi({ 'staff/me': ok(staff(['finance'])), 'ledger/reconcile': ok(reportWithProblems) });
    renderWithProviders(<ReconciliationCard />);

    await waitFor(() => expect(runButton().disabled).toBe(false), { timeout: 5_000 });
    fireEvent.click(runButton());

    expect(await screen.findByText('2 problems found')).toBeTruthy();
    expect(screen.getByText('entry 17 sums to 5 INR')).toBeTruthy();
    expect(screen.getByText('INR postings sum to 5')).toBeTruthy();
  });

  it('is disabled, saying why, for a role that may not run it', async () => {
    const api = stubConsoleApi({ 'staff/me': ok(staff(['support'])) });
    renderWithProviders(<ReconciliationCard />);

    expect(await screen.findByText('Needs the admin or finance role')).toBeTruthy();
    expect(runButton().disabled).toBe(true);
    expect(api.callsTo('ledger/reconcile')).toHaveLength(0);
  });
});
