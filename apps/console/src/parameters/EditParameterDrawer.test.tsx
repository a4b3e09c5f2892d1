import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ParameterItem } from '../api/console-calls';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { EditParameterDrawer } from './EditParameterDrawer';

const financeStaff = { id: '7', username: 'meera', displayName: 'Meera', roles: ['finance'] };
const emptyAudit = ok({ items: [], total: 0, page: 1, pageSize: 5 });

const depositMin: ParameterItem = {
  name: 'deposit_amount_min',
  group: 'deposits',
  label: 'Minimum deposit',
  description: 'The least a deposit may be.',
  kind: 'money',
  unit: 'INR',
  value: '100.00',
  defaultValue: '100.00',
  isDefault: true,
  editors: ['admin', 'finance'],
  choices: [],
  min: '0.00',
  max: '1000000000.00',
  updatedAt: null,
};

const withdrawalWindow: ParameterItem = {
  ...depositMin,
  name: 'withdrawal_window',
  label: 'Withdrawal window',
  kind: 'window',
  unit: 'IST',
  value: { start: '09:30', end: '24:00' },
  defaultValue: { start: '09:30', end: '24:00' },
  editors: ['admin'],
  min: null,
  max: null,
};

function renderDrawer(item: ParameterItem, mayEdit = true) {
  renderWithProviders(
    <EditParameterDrawer item={item} mayEdit={mayEdit} mayReadHistory onClose={() => {}} />,
  );
}

describe('changing a parameter', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'finance-token'));

  it('refuses an amount with three decimals before calling the server', async () => {
    const api = stubConsoleApi({ 'staff/me': ok(financeStaff), 'audit/list': emptyAudit });
    renderDrawer(depositMin);
    fireEvent.change(screen.getByLabelText('New amount (₹)'), { target: { value: '250.505' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'bank minimum changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review change' }));
    expect(await screen.findByText(/at most 2 decimals/)).toBeTruthy();
    expect(api.callsTo('parameters/update')).toHaveLength(0);
  });

  it('confirms from and to with the reason, then sends the amount as rupees', async () => {
    const api = stubConsoleApi({
      'staff/me': ok(financeStaff),
      'audit/list': emptyAudit,
      'parameters/update': ok({ ...depositMin, value: '250.50', isDefault: false, updatedAt: Date.now() }),
      'parameters/list': ok({ items: [] }),
    });
    renderDrawer(depositMin);
    fireEvent.change(screen.getByLabelText('New amount (₹)'), { target: { value: '250.50' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'bank minimum changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review change' }));
    await screen.findByText('Change Minimum deposit?');
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    expect(dialog.textContent).toContain('₹100.00');
    expect(dialog.textContent).toContain('₹250.50');
    expect(dialog.textContent).toContain('bank minimum changed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change parameter' }));
    expect(await screen.findByText('Saved: effective at once')).toBeTruthy();
    expect(api.callsTo('parameters/update')[0]?.body).toEqual({
      name: 'deposit_amount_min',
      value: '250.50',
      reason: 'bank minimum changed',
    });
  });

  it('shows the server’s refusal of a window that ends before it starts', async () => {
    stubConsoleApi({
      'staff/me': ok({ ...financeStaff, roles: ['admin'] }),
      'audit/list': emptyAudit,
      'parameters/update': {
        status: 200,
        body: {
          status: 0,
          code: 'PARAMETER_WINDOW_ORDER',
          msg: 'The window withdrawal_window must end after it starts (18:00–09:30)',
          params: {},
        },
      },
    });
    renderDrawer(withdrawalWindow);
    fireEvent.change(screen.getByLabelText('Starts (IST)'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('Ends (IST)'), { target: { value: '09:30' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'evening payouts' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review change' }));
    await screen.findByText('Change Withdrawal window?');
    const dialog = screen.getAllByRole('dialog').at(-1)!;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change parameter' }));
    expect(await screen.findByText(/must end after it starts/)).toBeTruthy();
  });

  it('is read-only for a role that may not change it', async () => {
    stubConsoleApi({ 'staff/me': ok(financeStaff), 'audit/list': emptyAudit });
    renderDrawer(withdrawalWindow, false);
    await waitFor(() =>
      expect((screen.getByLabelText('Starts (IST)') as HTMLInputElement).disabled).toBe(true),
    );
  });
});
