import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { hasErrors } from '../../lib/form-validation';
import { useFormValues } from '../../lib/use-form-values';
import { type SessionReply, useRegister } from './api/session';
import type { LegalDocument } from './legal-document-popup';
import { normalizePhone, type RegisterField, type RegisterValues, validateRegistration } from './validation';

interface RegisterFormProps {
  onRegistered: (reply: SessionReply) => void;
  initialInviteCode?: string;
}

// The popup brings antd-mobile's animation library; it loads when a document is first opened.
const LegalDocumentPopup = lazy(() =>
  import('./legal-document-popup').then((module) => ({ default: module.LegalDocumentPopup })),
);

const FIELD_ORDER: readonly RegisterField[] = [
  'account',
  'password',
  'confirmPassword',
  'inviteCode',
  'agree',
];

/** Phone, password twice, invitation code and the agreement: the spec's registration form. */
export function RegisterForm({ onRegistered, initialInviteCode = '' }: RegisterFormProps) {
  const { t } = useTranslation();
  const { values, errors, setErrors, update, bind } = useFormValues<RegisterValues>({
    account: '',
    password: '',
    confirmPassword: '',
    inviteCode: initialInviteCode,
    agree: false,
  });
  const [openDocument, setOpenDocument] = useState<LegalDocument | null>(null);
  const inputs = useRef<Partial<Record<RegisterField, HTMLInputElement | null>>>({});
  const register = useRegister(onRegistered);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(values);
    setErrors(found);
    if (hasErrors(found)) {
      const firstInvalid = FIELD_ORDER.find((field) => found[field]);
      if (firstInvalid) inputs.current[firstInvalid]?.focus();
      return;
    }
    void register.submit({
      account: normalizePhone(values.account.trim()),
      password: values.password,
      confirmPassword: values.confirmPassword,
      inviteCode: values.inviteCode.trim(),
      agree: true,
    });
  };

  const bindInput = (field: RegisterField) => (element: HTMLInputElement | null) => {
    inputs.current[field] = element;
  };

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('register.formLabel')}>
      <TextField
        label={t('register.phone')}
        placeholder={t('login.phonePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        {...bind('account')}
        inputRef={bindInput('account')}
      />
      <TextField
        label={t('register.password')}
        placeholder={t('register.passwordPlaceholder')}
        type="password"
        autoComplete="new-password"
        {...bind('password')}
        inputRef={bindInput('password')}
      />
      <TextField
        label={t('register.confirmPassword')}
        placeholder={t('register.confirmPasswordPlaceholder')}
        type="password"
        autoComplete="new-password"
        {...bind('confirmPassword')}
        inputRef={bindInput('confirmPassword')}
      />
      <TextField
        label={t('register.inviteCode')}
        placeholder={t('register.inviteCodePlaceholder')}
        autoComplete="off"
        autoCapitalize="characters"
        {...bind('inviteCode')}
        inputRef={bindInput('inviteCode')}
      />

      <div className={`consent${errors.agree ? ' consent--invalid' : ''}`}>
        <label className="consent__label">
          <input
            ref={bindInput('agree')}
            type="checkbox"
            className="consent__checkbox"
            checked={values.agree}
            onChange={(event) => update('agree', event.target.checked)}
            aria-invalid={errors.agree ? true : undefined}
            aria-describedby={errors.agree ? 'register-agree-error' : undefined}
          />
          <span>{t('register.agreePrefix')}</span>
        </label>{' '}
        <button type="button" className="link-button" onClick={() => setOpenDocument('agreement')}>
          {t('register.userAgreement')}
        </button>{' '}
        <span>{t('register.and')}</span>{' '}
        <button type="button" className="link-button" onClick={() => setOpenDocument('privacy')}>
          {t('register.privacyPolicy')}
        </button>
        {errors.agree ? (
          <p className="field__error" id="register-agree-error">
            {t(errors.agree)}
          </p>
        ) : null}
      </div>

      <p className="notice">{t('register.minorNotice')}</p>

      <button type="submit" className="button button--primary button--block" disabled={register.isPending}>
        {register.isPending ? t('register.submitting') : t('register.submit')}
      </button>

      {openDocument ? (
        <Suspense fallback={null}>
          <LegalDocumentPopup document={openDocument} onClose={() => setOpenDocument(null)} />
        </Suspense>
      ) : null}
    </form>
  );
}
