import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

const TEXT = {
  en: {
    phone: 'Mobile number',
    password: 'Password',
    submit: 'Log in',
    phoneRequired: 'Enter your mobile number',
    passwordRequired: 'Enter your password',
  },
  hi: {
    phone: 'मोबाइल नंबर',
    password: 'पासवर्ड',
    submit: 'लॉग इन करें',
    phoneRequired: 'अपना मोबाइल नंबर दर्ज करें',
    passwordRequired: 'अपना पासवर्ड दर्ज करें',
  },
} as const;

describe.each(['en', 'hi'] as const)('LoginForm in %s', (language) => {
  const text = TEXT[language];

  it('refuses an empty mobile number and an empty password, without calling the server', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<LoginForm onLoggedIn={() => undefined} />, { language });

    fireEvent.click(screen.getByRole('button', { name: text.submit }));

    expect(screen.getByText(text.phoneRequired)).toBeTruthy();
    expect(screen.getByText(text.passwordRequired)).toBeTruthy();
    expect(screen.getByLabelText(text.phone).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(text.phone));
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a missing password once the number is there', async () => {
    await renderWithApp(<LoginForm onLoggedIn={() => undefined} />, { language });

    fireEvent.change(screen.getByLabelText(text.phone), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));

    expect(screen.queryByText(text.phoneRequired)).toBeNull();
    expect(screen.getByText(text.passwordRequired)).toBeTruthy();
  });
});

describe('LoginForm submission', () => {
  it('stores the session and reports success', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () =>
      jsonResponse({ status: 1, msg: '', data: { token: 'tok-9', account: '9876543210' } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onLoggedIn = vi.fn();
    await renderWithApp(<LoginForm onLoggedIn={onLoggedIn} />);

    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+91 98765 43210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'tok-9', account: '9876543210' }));
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(localStorage.getItem('account')).toBe('9876543210');
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      account: '9876543210',
      password: 'secret-pass',
      // The install's own id, so a sign-in from a new device is told (docs/adr/0022-investor-two-factor.md).
      deviceId: localStorage.getItem('deviceId'),
    });
  });

  it('asks for the second factor when the login answers a challenge, then stores the session', async () => {
    const fetchStub = vi.fn<typeof fetch>(async (url) =>
      String(url).endsWith('user/login')
        ? jsonResponse({
            status: 1,
            msg: '',
            data: {
              twoFactorRequired: true,
              challengeToken: 'challenge-123456789',
              expiresAt: 1,
              account: '9876543210',
            },
          })
        : jsonResponse({ status: 1, msg: '', data: { token: 'tok-2fa', account: '9876543210' } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onLoggedIn = vi.fn();
    await renderWithApp(<LoginForm onLoggedIn={onLoggedIn} />);

    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const code = await screen.findByLabelText('Verification code');
    expect(localStorage.getItem('token')).not.toBe('tok-2fa');

    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(screen.getByText('Enter the 6-digit code or a recovery code (like ABCDE-FGH23)')).toBeTruthy();
    expect(fetchStub).toHaveBeenCalledTimes(1);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ token: 'tok-2fa', account: '9876543210' }));
    expect(localStorage.getItem('token')).toBe('tok-2fa');
    expect(String(fetchStub.mock.calls[1]?.[0])).toMatch(/user\/loginVerify$/);
    expect(JSON.parse(String(fetchStub.mock.calls[1]?.[1]?.body))).toEqual({
      challengeToken: 'challenge-123456789',
      code: '123456',
    });
  });
});
