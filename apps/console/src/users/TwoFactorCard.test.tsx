import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { TwoFactorCard } from './TwoFactorCard';

const ravi = { id: '3', username: 'ravi', displayName: 'Ravi Iyer', roles: ['support'] };
const meera = { id: '4', username: 'meera', displayName: 'Meera Rao', roles: ['compliance'] };
const on = { enabled: true, enabledAt: Date.UTC(2026, 10, 20), recoveryCodesLeft: 9, lastResetAt: null };
const pending = {
  ...on,
  pendingReset: { id: '7', requestedBy: 'ravi', reason: 'lost phone, video KYC done', requestedAt: 1 },
};

describe("an investor's second factor in the console", () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'staff-token'));

  it('asks for a reset with a reason, after confirmation', async () => {
    const api = stubConsoleApi({
      'staff/me': ok(ravi),
      'users/twoFactor': ok({ ...on, pendingReset: null }),
      'users/requestTwoFactorReset': ok({ id: '7', requestedAt: 2 }),
    });
    renderWithProviders(<TwoFactorCard userId="42" />);
    const reason = (await screen.findByLabelText('Reason')) as HTMLTextAreaElement;
    await waitFor(() => expect(reason.disabled).toBe(false));
    fireEvent.change(reason, { target: { value: 'Caller verified by video KYC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask to reset' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getAllByRole('button', { name: 'Ask to reset' }).at(-1)!);
    await waitFor(() => expect(api.callsTo('users/requestTwoFactorReset')).toHaveLength(1));
    expect(api.callsTo('users/requestTwoFactorReset')[0]!.body).toEqual({
      userId: '42',
      reason: 'Caller verified by video KYC',
    });
  });

  it('leaves the confirmation to another staff member than the one who asked', async () => {
    stubConsoleApi({ 'staff/me': ok(ravi), 'users/twoFactor': ok(pending) });
    renderWithProviders(<TwoFactorCard userId="42" />);
    expect(await screen.findByText(/Another staff member must confirm it/)).toBeTruthy();
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).disabled).toBe(true);
  });

  it('lets a second staff member confirm the waiting request', async () => {
    const api = stubConsoleApi({
      'staff/me': ok(meera),
      'users/twoFactor': ok(pending),
      'users/confirmTwoFactorReset': ok({ userId: '42', confirmedAt: 3, withdrawalsPausedUntil: 4 }),
    });
    renderWithProviders(<TwoFactorCard userId="42" />);
    const reason = (await screen.findByLabelText('Reason')) as HTMLTextAreaElement;
    await waitFor(() => expect(reason.disabled).toBe(false));
    fireEvent.change(reason, { target: { value: 'Checked the call recording' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm reset' }));
    await screen.findByRole('dialog');
    fireEvent.click(screen.getAllByRole('button', { name: 'Confirm reset' }).at(-1)!);
    await waitFor(() => expect(api.callsTo('users/confirmTwoFactorReset')).toHaveLength(1));
    expect(api.callsTo('users/confirmTwoFactorReset')[0]!.body).toEqual({
      requestId: '7',
      reason: 'Checked the call recording',
    });
  });
});
