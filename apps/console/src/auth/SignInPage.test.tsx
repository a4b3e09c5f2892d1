import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderConsoleAt } from '../test/render-with-providers';

const enrollment = {
  kind: 'enrollment',
  enrollmentToken: 'enrolment-token-1',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Nivesh%20Console:asha?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};
const session = {
  token: 'staff-session-token',
  username: 'asha',
  roles: ['support'],
  expiresAt: 1_900_000_000_000,
};
const me = { id: '7', username: 'asha', displayName: 'Asha Rao', roles: ['support'] };

function fillCredentials(code?: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'asha' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret@2026!' } });
  if (code !== undefined)
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: code } });
}

describe('sign-in', () => {
  it('asks for the username and the password before calling the server', async () => {
    const api = stubConsoleApi({});
    renderConsoleAt('/sign-in');

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter your username')).toBeTruthy();
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an authenticator code that is not 6 digits', async () => {
    const api = stubConsoleApi({});
    renderConsoleAt('/sign-in');

    fillCredentials('12a4');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The code is 6 digits from your authenticator app')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    stubConsoleApi({
      'staff/login': {
        status: 200,
        body: {
          status: 0,
          code: 'ACCOUNT_OR_PASSWORD_WRONG',
          msg: 'Account or password is wrong',
          params: {},
        },
      },
    });
    renderConsoleAt('/sign-in');

    fillCredentials('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Account or password is wrong')).toBeTruthy();
    expect(sessionStorage.getItem('staffToken')).toBeNull();
  });

  it('sends the code with the credentials and opens the console with the session', async () => {
    const api = stubConsoleApi({ 'staff/login': ok({ kind: 'session', session }), 'staff/me': ok(me) });
    renderConsoleAt('/sign-in');

    fillCredentials('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(api.callsTo('staff/login')[0]?.body).toEqual({
      username: 'asha',
      password: 'Secret@2026!',
      totpCode: '123456',
    });
    expect(sessionStorage.getItem('staffToken')).toBe('staff-session-token');
  });

  it('on a first sign-in shows the QR code and the secret, then confirms the code', async () => {
    const api = stubConsoleApi({
      'staff/login': ok(enrollment),
      'staff/enrollTotp': ok(session),
      'staff/me': ok(me),
    });
    renderConsoleAt('/sign-in');

    fillCredentials();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const qrImage = (await screen.findByRole('img', { name: /QR code/ })) as HTMLImageElement;
    expect(qrImage.src).toBe(enrollment.qrDataUrl);
    expect(qrImage.width).toBe(256);
    expect(within(screen.getByTestId('totp-secret')).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    const loginCall = api.callsTo('staff/login')[0];
    expect(loginCall?.body).toEqual({ username: 'asha', password: 'Secret@2026!' });
    expect(loginCall?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(api.callsTo('staff/enrollTotp')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and sign in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect((await screen.findAllByText('Asha Rao')).length).toBeGreaterThan(0);
    expect(api.callsTo('staff/enrollTotp')[0]?.body).toEqual({
      enrollmentToken: 'enrolment-token-1',
      totpCode: '654321',
    });
    await waitFor(() => expect(sessionStorage.getItem('staffToken')).toBe('staff-session-token'));
  });
});

describe('the signed-in area', () => {
  it('sends a visitor without a session to sign-in', async () => {
    stubConsoleApi({});
    renderConsoleAt('/users');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('goes back to sign-in, saying why, when the server answers 401', async () => {
    sessionStorage.setItem('staffToken', 'expired-token');
    stubConsoleApi({
      'staff/me': {
        status: 401,
        body: { status: 0, code: 'UNAUTHORIZED', msg: 'Please log in again', params: {} },
      },
    });
    renderConsoleAt('/');

    // The dashboard's own calls run alongside; on a loaded machine the redirect can take a moment.
    expect(
      await screen.findByText('Your session has ended. Please sign in again.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(sessionStorage.getItem('staffToken')).toBeNull();
  });
});
