import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { CreditScoreCard } from './CreditScoreCard';

const complianceStaff = { id: '4', username: 'anil', displayName: 'Anil', roles: ['compliance'] };

async function renderEnabled() {
  renderWithProviders(<CreditScoreCard userId="42" current={600} />);
  const input = screen.getByLabelText('New credit score') as HTMLInputElement;
  await waitFor(() => expect(input.disabled).toBe(false));
  return input;
}

describe('credit score', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'compliance-token'));

  it('refuses zero: the score is a positive integer', async () => {
    const api = stubConsoleApi({ 'staff/me': ok(complianceStaff) });
    const input = await renderEnabled();
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'bureau report' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set score' }));
    expect(await screen.findByText('A whole number from 1 to 1,000,000')).toBeTruthy();
    expect(api.callsTo('users/setCreditScore')).toHaveLength(0);
  });

  it('refuses 720.5 as not a whole number instead of rounding it on blur', async () => {
    const api = stubConsoleApi({ 'staff/me': ok(complianceStaff) });
    const input = await renderEnabled();
    fireEvent.change(input, { target: { value: '720.5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('720.5');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'bureau report' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set score' }));
    expect(await screen.findByText('Must be a whole number')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('users/setCreditScore')).toHaveLength(0);
  });

  it('confirms from and to, then sends the score with the reason', async () => {
    const api = stubConsoleApi({
      'staff/me': ok(complianceStaff),
      'users/setCreditScore': ok({ creditScore: 720 }),
      'users/detail': ok({}),
    });
    const input = await renderEnabled();
    fireEvent.change(input, { target: { value: '720' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'bureau report 2026-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set score' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('From 600 to 720');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set score' }));
    expect(await screen.findByText('Credit score set to 720')).toBeTruthy();
    expect(api.callsTo('users/setCreditScore')[0]?.body).toEqual({
      userId: '42',
      creditScore: 720,
      reason: 'bureau report 2026-11',
    });
  });

  it('is disabled for support, saying who may', async () => {
    stubConsoleApi({ 'staff/me': ok({ ...complianceStaff, roles: ['support'] }) });
    renderWithProviders(<CreditScoreCard userId="42" current={600} />);
    expect(await screen.findByText('Needs the admin or compliance role')).toBeTruthy();
  });
});
