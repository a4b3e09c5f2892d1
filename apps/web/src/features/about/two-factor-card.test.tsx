import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { TwoFactorCard } from './two-factor-card';

afterEach(() => vi.unstubAllGlobals());

const CODES = Array.from({ length: 10 }, (_, index) => `ABCDE-FGH${String(index).padStart(2, '2')}`);

/** A server whose second factor turns on when confirmed; answers per call path. */
function stubServer() {
  let enabled = false;
  const fetchStub = vi.fn<typeof fetch>(async (url) => {
    const path = String(url).replace(/^.*\/api\/vue\//, '');
    if (path === 'user/twoFactorStatus')
      return jsonResponse({
        status: 1,
        msg: '',
        data: {
          enabled,
          enabledAt: enabled ? 1_764_000_000_000 : null,
          recoveryCodesLeft: enabled ? 10 : 0,
          required: false,
        },
      });
    if (path === 'user/twoFactorEnroll')
      return jsonResponse({
        status: 1,
        msg: '',
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Nivesh:x',
          qrDataUrl: 'data:image/png;base64,AA==',
        },
      });
    if (path === 'user/twoFactorConfirm') {
      enabled = true;
      return jsonResponse({ status: 1, msg: '', data: { recoveryCodes: CODES } });
    }
    if (path === 'user/passkeyList')
      return jsonResponse({ status: 1, msg: '', data: { passkeys: [], max: 10 } });
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('two-factor sign-in in the security centre', () => {
  it('sets up with the QR code and key, shows the recovery codes once, then shows it on', async () => {
    const fetchStub = stubServer();
    await renderWithApp(<TwoFactorCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));

    expect(
      (await screen.findByAltText('QR code to add Nivesh to an authenticator app')).getAttribute('src'),
    ).toBe('data:image/png;base64,AA==');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(screen.getByText('Enter the 6-digit code your app shows')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('Save your recovery codes')).toBeTruthy();
    for (const code of CODES) expect(screen.getByText(code)).toBeTruthy();
    const confirm = fetchStub.mock.calls.find(([url]) => String(url).endsWith('user/twoFactorConfirm'));
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({ code: '123456' });

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText('Unused recovery codes: 10')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(CODES[0]!)).toBeNull());
    expect(screen.getByRole('button', { name: 'Turn off two-factor sign-in' })).toBeTruthy();
  });
});
