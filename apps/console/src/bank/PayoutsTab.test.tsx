import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { PayoutsTab } from './PayoutsTab';

/*
 * The bulk payment file (docs/adr/0032-bank-statement-matching.md): exported with a reason after a
 * confirmation; the reason is for that export only, so the next export asks for its own.
 */

const batch = {
  id: '9',
  itemCount: 1,
  total: '7500.00',
  currency: 'INR',
  exportedBy: 'finance1',
  exportedAt: Date.UTC(2026, 10, 25, 5, 0),
  items: [],
};

describe('payouts', { timeout: 60_000 }, () => {
  beforeEach(() => {
    sessionStorage.setItem('staffToken', 'finance-token');
    URL.createObjectURL = vi.fn(() => 'blob:payouts');
    URL.revokeObjectURL = vi.fn();
  });

  it('exports the payouts ready to pay with a reason, then empties the reason box', async () => {
    const api = stubConsoleApi({
      'payouts/batches': ok({ items: [] }),
      'bankStatements/list': ok({ items: [] }),
      'payouts/export': ok({ batch, fileName: 'payouts-9.csv', csv: 'Payment Mode\n' }),
    });
    renderWithProviders(<PayoutsTab />);
    const reasonBox = await screen.findByLabelText<HTMLInputElement>('Reason for the export');
    fireEvent.change(reasonBox, { target: { value: 'the afternoon payout run' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export payouts ready to pay' }));
    await screen.findByText('Export the payouts ready to pay?');
    fireEvent.click(
      within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: 'Export the file' }),
    );
    expect(await screen.findByText(/Exported 1 payout, .*payouts-9\.csv/)).toBeTruthy();
    expect(api.callsTo('payouts/export')[0]?.body).toEqual({ reason: 'the afternoon payout run' });
    expect(screen.getByLabelText<HTMLInputElement>('Reason for the export').value).toBe('');
    expect(screen.getByRole('button', { name: 'Export payouts ready to pay' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
