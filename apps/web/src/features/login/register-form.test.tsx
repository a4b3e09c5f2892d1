import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { RegisterForm } from './register-form';

afterEach(() => vi.unstubAllGlobals());

const TEXT = {
  en: {
    phone: 'Mobile number',
    password: 'Password',
    confirmPassword: 'Confirm password',
    inviteCode: 'Invitation code',
    agree: 'I have read and accept the',
    submit: 'Create account',
    phoneRequired: 'Enter your mobile number',
    phoneInvalid: 'Enter a valid 10-digit mobile number',
    passwordRequired: 'Enter your password',
    confirmPasswordRequired: 'Enter the password again to confirm it',
    passwordsMismatch: 'Passwords do not match',
    inviteCodeRequired: 'Enter your invitation code',
    agreementRequired: 'Accept the User Agreement and Privacy Policy to continue',
    minorNotice: /Children under 14/,
  },
  hi: {
    phone: 'मोबाइल नंबर',
    password: 'पासवर्ड',
    confirmPassword: 'पासवर्ड की पुष्टि करें',
    inviteCode: 'आमंत्रण कोड',
    agree: 'मैंने पढ़ लिया है और स्वीकार करता/करती हूँ:',
    submit: 'खाता बनाएँ',
    phoneRequired: 'अपना मोबाइल नंबर दर्ज करें',
    phoneInvalid: 'एक मान्य 10 अंकों का मोबाइल नंबर दर्ज करें',
    passwordRequired: 'अपना पासवर्ड दर्ज करें',
    confirmPasswordRequired: 'पुष्टि के लिए पासवर्ड फिर से दर्ज करें',
    passwordsMismatch: 'पासवर्ड मेल नहीं खाते',
    inviteCodeRequired: 'अपना आमंत्रण कोड दर्ज करें',
    agreementRequired: 'आगे बढ़ने के लिए उपयोगकर्ता अनुबंध और गोपनीयता नीति स्वीकार करें',
    minorNotice: /14 वर्ष से कम/,
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];

function fill(
  text: Text,
  values: { phone?: string; password?: string; confirm?: string; code?: string; agree?: boolean },
) {
  if (values.phone !== undefined)
    fireEvent.change(screen.getByLabelText(text.phone), { target: { value: values.phone } });
  if (values.password !== undefined) {
    fireEvent.change(screen.getByLabelText(text.password), { target: { value: values.password } });
  }
  if (values.confirm !== undefined) {
    fireEvent.change(screen.getByLabelText(text.confirmPassword), { target: { value: values.confirm } });
  }
  if (values.code !== undefined)
    fireEvent.change(screen.getByLabelText(text.inviteCode), { target: { value: values.code } });
  if (values.agree) fireEvent.click(screen.getByLabelText(text.agree));
}

const VALID = {
  phone: '9876543210',
  password: 'secret-pass',
  confirm: 'secret-pass',
  code: 'NIV123',
  agree: true,
};

describe.each(['en', 'hi'] as const)('RegisterForm in %s', (language) => {
  const text = TEXT[language];

  async function renderForm() {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<RegisterForm onRegistered={() => undefined} />, { language });
    return fetchStub;
  }

  it('refuses an empty form field by field, without calling the server', async () => {
    const fetchStub = await renderForm();
    fireEvent.click(screen.getByRole('button', { name: text.submit }));

    expect(screen.getByText(text.phoneRequired)).toBeTruthy();
    expect(screen.getByText(text.passwordRequired)).toBeTruthy();
    expect(screen.getByText(text.confirmPasswordRequired)).toBeTruthy();
    expect(screen.getByText(text.inviteCodeRequired)).toBeTruthy();
    expect(screen.getByText(text.agreementRequired)).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a mobile number that is not 10 digits', async () => {
    await renderForm();
    fill(text, { ...VALID, phone: '12345' });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.phoneInvalid)).toBeTruthy();
  });

  it('refuses passwords that do not match', async () => {
    const fetchStub = await renderForm();
    fill(text, { ...VALID, confirm: 'other-pass' });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.passwordsMismatch)).toBeTruthy();
    expect(screen.queryByText(text.phoneRequired)).toBeNull();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a missing invitation code', async () => {
    await renderForm();
    fill(text, { ...VALID, code: '   ' });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.inviteCodeRequired)).toBeTruthy();
  });

  it('refuses to register until the agreement is accepted', async () => {
    const fetchStub = await renderForm();
    fill(text, { ...VALID, agree: false });
    fireEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(screen.getByText(text.agreementRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(text.agree));
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('tells children under 14 they need a legal representative', async () => {
    await renderForm();
    expect(screen.getByText(text.minorNotice)).toBeTruthy();
  });
});

describe('RegisterForm submission', () => {
  it('sends the form once with agree: true and stores the session', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () =>
      jsonResponse({ status: 1, data: { token: 'tok-new', account: '9876543210' } }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onRegistered = vi.fn();
    await renderWithApp(<RegisterForm onRegistered={onRegistered} />);

    fill(TEXT.en, VALID);
    const submit = screen.getByRole('button', { name: 'Create account' });
    fireEvent.click(submit);
    fireEvent.click(submit);

    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      account: '9876543210',
      password: 'secret-pass',
      confirmPassword: 'secret-pass',
      inviteCode: 'NIV123',
      agree: true,
    });
    const headers = fetchStub.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('token')).toBe('tok-new');
  });
});
