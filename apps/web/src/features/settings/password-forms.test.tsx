import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { FundPasswordForm } from './fund-password-form';
import { LoginPasswordForm } from './login-password-form';

afterEach(() => vi.unstubAllGlobals());

const LOGIN_TEXT = {
  en: {
    old: 'Current password',
    new: 'New password',
    confirm: 'Repeat the new password',
    save: 'Save',
    oldRequired: 'Enter your current password',
    newRequired: 'Enter a new password',
    confirmRequired: 'Enter the password again to confirm it',
    weak: 'Use at least 8 characters with a letter and a digit',
    mismatch: 'Passwords do not match',
    unchanged: 'The new password must differ from the current one',
  },
  hi: {
    old: 'मौजूदा पासवर्ड',
    new: 'नया पासवर्ड',
    confirm: 'नया पासवर्ड दोबारा दर्ज करें',
    save: 'सहेजें',
    oldRequired: 'अपना मौजूदा पासवर्ड दर्ज करें',
    newRequired: 'नया पासवर्ड दर्ज करें',
    confirmRequired: 'पुष्टि के लिए पासवर्ड फिर से दर्ज करें',
    weak: 'कम से कम 8 अक्षर, एक अक्षर और एक अंक के साथ',
    mismatch: 'पासवर्ड मेल नहीं खाते',
    unchanged: 'नया पासवर्ड मौजूदा से अलग होना चाहिए',
  },
} as const;

describe.each(['en', 'hi'] as const)('LoginPasswordForm in %s', (language) => {
  const text = LOGIN_TEXT[language];

  it('refuses three empty fields without calling the server, and focuses the first', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<LoginPasswordForm onChanged={() => undefined} />, { language });

    fireEvent.click(screen.getByRole('button', { name: text.save }));

    expect(screen.getByText(text.oldRequired)).toBeTruthy();
    expect(screen.getByText(text.newRequired)).toBeTruthy();
    expect(screen.getByText(text.confirmRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(text.old));
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a weak new password, an unchanged one and a mismatched repeat', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<LoginPasswordForm onChanged={() => undefined} />, { language });
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });

    fill(text.old, 'Oldpass123');
    fill(text.new, 'short1');
    fill(text.confirm, 'short1');
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(screen.getByText(text.weak)).toBeTruthy();

    fill(text.new, 'Oldpass123');
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(screen.getByText(text.unchanged)).toBeTruthy();

    fill(text.new, 'Newpass456');
    fill(text.confirm, 'Newpass457');
    fireEvent.click(screen.getByRole('button', { name: text.save }));
    expect(screen.getByText(text.mismatch)).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });
});

describe('LoginPasswordForm submission', () => {
  it('sends the three fields once and reports success', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () =>
      jsonResponse({ status: 1, msg: 'Updated', data: null }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onChanged = vi.fn();
    await renderWithApp(<LoginPasswordForm onChanged={onChanged} />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Oldpass123' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Newpass456' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'Newpass456' } });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    fireEvent.click(save);

    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(fetchStub).toHaveBeenCalledTimes(1);
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/vue/user/changePassword');
    expect(JSON.parse(String(init?.body))).toEqual({
      oldPassword: 'Oldpass123',
      newPassword: 'Newpass456',
      confirmPassword: 'Newpass456',
    });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('shows the server refusal of a wrong original password under that field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({
          status: 0,
          code: 'ORIGINAL_PASSWORD_WRONG',
          msg: 'The original password is wrong',
          data: null,
        }),
      ),
    );
    const onChanged = vi.fn();
    await renderWithApp(<LoginPasswordForm onChanged={onChanged} />);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Wrongpass1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Newpass456' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: 'Newpass456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByText('The original password is wrong')).toBeTruthy());
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe('FundPasswordForm', () => {
  it('asks for the login password the first time and refuses a short or mismatched PIN', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderWithApp(<FundPasswordForm isChange={false} onSaved={() => undefined} />);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter your login password')).toBeTruthy();
    expect(screen.getByText('Enter a new fund password')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Login password (to confirm it is you)'), {
      target: { value: 'Login123' },
    });
    fireEvent.change(screen.getByLabelText('New fund password'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: '12346' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Use at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('sends the login password when setting and the old fund password when changing', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () =>
      jsonResponse({ status: 1, msg: 'Updated', data: null }),
    );
    vi.stubGlobal('fetch', fetchStub);
    const onSaved = vi.fn();
    const view = await renderWithApp(<FundPasswordForm isChange={false} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText('Login password (to confirm it is you)'), {
      target: { value: 'Login123' },
    });
    fireEvent.change(screen.getByLabelText('New fund password'), { target: { value: '246810' } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({
      loginPassword: 'Login123',
      newPassword: '246810',
      confirmPassword: '246810',
    });
    view.unmount();

    await renderWithApp(<FundPasswordForm isChange onSaved={onSaved} />, { language: 'zh' });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByText('请输入原资金密码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('原资金密码'), { target: { value: '246810' } });
    fireEvent.change(screen.getByLabelText('新资金密码'), { target: { value: '135790' } });
    fireEvent.change(screen.getByLabelText('再次输入新密码'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(fetchStub).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchStub.mock.calls[1]?.[1]?.body))).toEqual({
      oldFundPassword: '246810',
      newPassword: '135790',
      confirmPassword: '135790',
    });
  });
});
