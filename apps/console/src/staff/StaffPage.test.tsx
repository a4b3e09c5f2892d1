import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderConsoleAt, renderWithProviders } from '../test/render-with-providers';
import { StaffPage } from './StaffPage';

const admin = { id: '1', username: 'meera', displayName: 'Meera Iyer', roles: ['admin'] };
const row = (overrides: Record<string, unknown>) => ({
  id: '2',
  username: 'ravi',
  displayName: 'Ravi Kumar',
  roles: ['support'],
  active: true,
  totpEnrolled: true,
  lockedUntil: null,
  createdAt: Date.UTC(2026, 0, 5),
  createdBy: 'meera',
  disabledAt: null,
  lastSignInAt: null,
  isSelf: false,
  ...overrides,
});

describe('the Staff page', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'admin-token'));

  it("offers no act on the admin's own row, and disables another member with a reason", {
    timeout: 60_000,
  }, async () => {
    const api = stubConsoleApi({
      'staff/me': ok(admin),
      'staff/list': ok({
        items: [
          row({ id: '1', username: 'meera', displayName: 'Meera Iyer', roles: ['admin'], isSelf: true }),
          row({}),
        ],
      }),
      'staff/setActive': ok({ member: row({ active: false }), sessionsRevoked: 2 }),
    });
    renderWithProviders(<StaffPage />);
    expect(await screen.findByText('Your own account: another admin acts on it')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Disable' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Ravi Kumar is signed out at once');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'left the company' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Ravi Kumar is disabled; 2 session(s) ended.')).toBeTruthy();
    expect(api.callsTo('staff/setActive')[0]?.body).toEqual({
      staffId: '2',
      active: false,
      reason: 'left the company',
    });
  });

  it('shows a made password once after creating a member', async () => {
    const api = stubConsoleApi({
      'staff/me': ok(admin),
      'staff/list': ok({ items: [] }),
      'staff/create': ok({
        member: row({ username: 'kavya', displayName: 'Kavya Rao' }),
        initialPassword: 'k7PqR2mNx8ZtY4wB',
      }),
    });
    renderWithProviders(<StaffPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a staff member' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'Kavya' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Kavya Rao' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /support/ }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'joins the help desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create staff member' }));
    expect(await screen.findByText('k7PqR2mNx8ZtY4wB')).toBeTruthy();
    expect(api.callsTo('staff/create')[0]?.body).toEqual({
      username: 'kavya',
      displayName: 'Kavya Rao',
      roles: ['support'],
      reason: 'joins the help desk',
    });
  });
});

describe('the console menu', () => {
  it('shows a support member only the areas their roles open, and opens no closed area by address', {
    timeout: 60_000,
  }, async () => {
    sessionStorage.setItem('staffToken', 'support-token');
    const api = stubConsoleApi({
      'staff/me': ok({ ...admin, roles: ['support'] }),
    });
    renderConsoleAt('/staff');
    expect(await screen.findByText('Staff is not part of your roles')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Console areas' });
    await waitFor(() => expect(within(menu).getByText('Users')).toBeTruthy());
    for (const hidden of ['Staff', 'Approvals', 'Ledger', 'Audit', 'Reviews', 'New shares'])
      expect(within(menu).queryByText(hidden)).toBeNull();
    expect(api.callsTo('staff/list')).toHaveLength(0);
  });
});
