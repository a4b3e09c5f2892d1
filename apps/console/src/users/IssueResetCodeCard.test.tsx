import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { IssueResetCodeCard } from './IssueResetCodeCard';

const supportStaff = { id: '3', username: 'ravi', displayName: 'Ravi Iyer', roles: ['support'] };

async function renderEnabledForm() {
  renderWithProviders(<IssueResetCodeCard />);
  const userIdInput = screen.getByLabelText('User ID') as HTMLInputElement;
  await waitFor(() => expect(userIdInput.disabled).toBe(false));
  return { userIdInput, reasonInput: screen.getByLabelText('Reason') as HTMLTextAreaElement };
}

const submitButton = () => screen.getByRole('button', { name: 'Issue code' });

describe('issue password-reset code', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'support-token'));

  it('requires a reason', async () => {
    const api = stubConsoleApi({ 'staff/me': ok(supportStaff) });
    const { userIdInput } = await renderEnabledForm();

    fireEvent.change(userIdInput, { target: { value: '42' } });
    fireEvent.click(submitButton());

    expect(await screen.findByText('Give a reason for this action')).toBeTruthy();
    expect(screen.queryByText('Issue a password-reset code?')).toBeNull();
    expect(api.callsTo('users/issueResetCode')).toHaveLength(0);
  });

  it('refuses a reason shorter than 3 characters, spaces not counted', async () => {
    const api = stubConsoleApi({ 'staff/me': ok(supportStaff) });
    const { userIdInput, reasonInput } = await renderEnabledForm();

    fireEvent.change(userIdInput, { target: { value: '42' } });
    fireEvent.change(reasonInput, { target: { value: '  ok  ' } });
    fireEvent.click(submitButton());

    expect(await screen.findByText('The reason needs at least 3 characters')).toBeTruthy();
    expect(api.callsTo('users/issueResetCode')).toHaveLength(0);
  });

  it('asks for confirmation, then shows the code once with its expiry', async () => {
    const api = stubConsoleApi({
      'staff/me': ok(supportStaff),
      'users/issueResetCode': ok({ code: '482913', expiresAt: Date.UTC(2026, 0, 15, 9, 0) }),
    });
    const { userIdInput, reasonInput } = await renderEnabledForm();

    fireEvent.change(userIdInput, { target: { value: '42' } });
    fireEvent.change(reasonInput, { target: { value: 'Caller verified by video KYC' } });
    fireEvent.click(submitButton());

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Caller verified by video KYC');
    expect(api.callsTo('users/issueResetCode')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Issue code' }).at(-1)!);

    expect((await screen.findByTestId('reset-code')).textContent).toContain('482913');
    expect(screen.getByText(/15 Jan 2026, 2:30:00\s?pm IST/i)).toBeTruthy();
    const request = api.callsTo('users/issueResetCode')[0];
    expect(request?.body).toEqual({ userId: '42', reason: 'Caller verified by video KYC' });
    expect(request?.headers['x-staff-token']).toBe('support-token');
    expect(request?.headers['idempotency-key']).toBeTruthy();
  });

  it('is disabled, saying why, for a role that may not issue codes', async () => {
    stubConsoleApi({ 'staff/me': ok({ ...supportStaff, roles: ['finance'] }) });
    renderWithProviders(<IssueResetCodeCard />);

    expect(await screen.findByText('Needs the admin or support role')).toBeTruthy();
    expect((screen.getByLabelText('User ID') as HTMLInputElement).disabled).toBe(true);
  });
});
