import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { PasskeysCard } from './passkeys-card';

afterEach(() => vi.unstubAllGlobals());

describe('passkeys in the security centre', () => {
  it('lists passkeys and removes one with the fund password typed in', async () => {
    let passkeys = [
      { id: '7', name: 'Pixel 8', transports: ['internal'], createdAt: 1_764_000_000_000, lastUsedAt: null },
    ];
    const fetchStub = vi.fn<typeof fetch>(async (url) => {
      const path = String(url).replace(/^.*\/api\/vue\//, '');
      if (path === 'user/passkeyList')
        return jsonResponse({ status: 1, msg: '', data: { passkeys, max: 10 } });
      if (path === 'user/passkeyRemove') {
        passkeys = [];
        return jsonResponse({ status: 1, msg: '', data: null });
      }
      if (path === 'user/twoFactorStatus')
        return jsonResponse({
          status: 1,
          msg: '',
          data: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false },
        });
      throw new Error(`unexpected call ${path}`);
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithApp(<PasskeysCard />);
    expect(await screen.findByText('Pixel 8')).toBeTruthy();
    // Without the fund password or a code, removing asks for it first and calls nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Remove the passkey Pixel 8' }));
    expect(await screen.findByText('Enter your fund password or a code first')).toBeTruthy();
    expect(fetchStub.mock.calls.some(([url]) => String(url).endsWith('user/passkeyRemove'))).toBe(false);
    fireEvent.change(screen.getByLabelText('Fund password or authenticator code'), {
      target: { value: 'Fund@2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove the passkey Pixel 8' }));
    await waitFor(() => expect(screen.getByText('No passkeys yet.')).toBeTruthy());
    const removal = fetchStub.mock.calls.find(([url]) => String(url).endsWith('user/passkeyRemove'));
    expect(JSON.parse(String(removal?.[1]?.body))).toEqual({
      passkeyId: '7',
      proof: { fundPassword: 'Fund@2026' },
    });
  });
});
