import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../api/user-info';
import { jsonResponse, renderWithApp } from '../test/render';
import { investor } from '../test/user-info';
import { AccountGate } from './account-gate';

afterEach(() => vi.unstubAllGlobals());

function stubUser(user: UserInfo) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ status: 1, data: user })),
  );
}

const FORM = <form aria-label="The form" />;

describe('AccountGate', () => {
  it('shows the form once KYC is verified and a fund password is set', async () => {
    stubUser(investor());
    await renderWithApp(<AccountGate needs={['kyc', 'fundPassword']}>{FORM}</AccountGate>);
    expect(await screen.findByRole('form', { name: 'The form' })).toBeTruthy();
  });

  it('asks for KYC first, with a link to the verification screen, and shows no form', async () => {
    stubUser(investor({ realNameStatus: 'unverified', hasFundPassword: false }));
    await renderWithApp(<AccountGate needs={['kyc', 'fundPassword']}>{FORM}</AccountGate>);
    expect(await screen.findByText('Complete real-name verification first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify now' }).getAttribute('href')).toBe(
      '/information/authInfo',
    );
    expect(screen.queryByRole('form', { name: 'The form' })).toBeNull();
  });

  it('says a KYC under review is under review', async () => {
    stubUser(investor({ realNameStatus: 'pending' }));
    await renderWithApp(<AccountGate needs={['kyc']}>{FORM}</AccountGate>);
    expect(await screen.findByText(/under review/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'The form' })).toBeNull();
  });

  it('asks for a fund password, with a link to set it, in the current language', async () => {
    stubUser(investor({ hasFundPassword: false }));
    await renderWithApp(<AccountGate needs={['fundPassword']}>{FORM}</AccountGate>, { language: 'hi' });
    const link = await screen.findByRole('link', { name: 'फंड पासवर्ड सेट करें' });
    expect(link.getAttribute('href')).toBe('/information/fundPass');
    expect(screen.queryByRole('form', { name: 'The form' })).toBeNull();
  });
});
