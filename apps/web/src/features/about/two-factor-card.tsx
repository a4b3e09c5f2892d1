import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '../../api/calls';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { CodeForm } from '../../components/code-form';
import { InlineLoading } from '../../components/loading-overlay';
import { formatIstDateTime } from '../../lib/date-time';
import { SECOND_FACTOR_CODE } from '../../lib/second-factor-code';
import './two-factor.css';

type Enrolment = CallData<'user/twoFactorEnroll'>;

/**
 * Two-factor sign-in in the security centre (docs/adr/0022-investor-two-factor.md): set it up (QR
 * code and secret, confirmed with a code; then the ten recovery codes, shown this once), or turn it
 * off with a current code.
 */
export function TwoFactorCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const status = useApiQuery('user/twoFactorStatus', {});
  // A passkey is a second factor too (docs/adr/0028-passkeys.md): "off" would not be the truth.
  const passkeys = useApiQuery('user/passkeyList', {});
  const hasPasskey = (passkeys.data?.passkeys.length ?? 0) > 0;
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: callKey('user/twoFactorStatus') });
  const enrol = useApiMutation('user/twoFactorEnroll', { onSuccess: setEnrolment });

  if (recoveryCodes)
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          refresh();
        }}
      />
    );
  if (enrolment)
    return (
      <ConfirmEnrolment
        enrolment={enrolment}
        onConfirmed={(codes) => {
          setEnrolment(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setEnrolment(null)}
      />
    );
  return (
    <TwoFactorSection title={t('twoFactor.title')}>
      {status.isPending ? (
        <InlineLoading />
      ) : status.data?.enabled ? (
        <>
          <p className="two-factor__state two-factor__state--on">
            {t('twoFactor.onSince', { time: formatIstDateTime(status.data.enabledAt, i18n.language) })}
          </p>
          <p className="screen__hint">{t('twoFactor.codesLeft', { count: status.data.recoveryCodesLeft })}</p>
          {status.data.required ? (
            <p className="screen__hint">{t('twoFactor.requiredNote')}</p>
          ) : (
            <DisableForm onDisabled={refresh} />
          )}
        </>
      ) : (
        <>
          {hasPasskey ? (
            <p className="two-factor__state two-factor__state--on">{t('passkey.totpOffPasskeyOn')}</p>
          ) : (
            <p className="two-factor__state">{t('twoFactor.off')}</p>
          )}
          <p className="screen__hint">
            {status.data?.required ? t('twoFactor.requiredFirst') : t('twoFactor.explain')}
          </p>
          <button
            type="button"
            className="button button--primary button--block"
            disabled={enrol.isPending}
            onClick={() => void enrol.submit({})}
          >
            {t('twoFactor.setUp')}
          </button>
        </>
      )}
    </TwoFactorSection>
  );
}

/** The card every step of two-factor set-up stands in, under its title. */
function TwoFactorSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="two-factor__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ConfirmEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useApiMutation('user/twoFactorConfirm', {
    onSuccess: (reply) => onConfirmed(reply.recoveryCodes),
  });
  return (
    <TwoFactorSection title={t('twoFactor.setUpTitle')}>
      <p className="screen__hint">{t('twoFactor.scan')}</p>
      <img
        className="two-factor__qr"
        src={enrolment.qrDataUrl}
        alt={t('twoFactor.qrAlt')}
        width={200}
        height={200}
      />
      <p className="screen__hint">{t('twoFactor.orKey')}</p>
      <code className="two-factor__secret">{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
      <CodeForm
        fieldLabel={t('twoFactor.code')}
        placeholder="123456"
        inputMode="numeric"
        isValid={(code) => /^[0-9]{6}$/.test(code)}
        invalidMessage={t('twoFactor.sixDigits')}
        onSubmit={(code) => void confirm.submit({ code })}
      >
        <button type="submit" className="button button--primary button--block" disabled={confirm.isPending}>
          {t('twoFactor.confirm')}
        </button>
        <button type="button" className="button button--block" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </button>
      </CodeForm>
    </TwoFactorSection>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <TwoFactorSection title={t('twoFactor.codesTitle')}>
      <p className="screen__hint">{t('twoFactor.codesHint')}</p>
      <ol className="two-factor__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--primary button--block" onClick={onDone}>
        {t('twoFactor.codesSaved')}
      </button>
    </TwoFactorSection>
  );
}

function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation();
  const disable = useApiMutation('user/twoFactorDisable', { onSuccess: onDisabled });
  return (
    <CodeForm
      label={t('twoFactor.turnOff')}
      fieldLabel={t('twoFactor.turnOffCode')}
      placeholder={t('twoFactor.codePlaceholder')}
      isValid={(code) => SECOND_FACTOR_CODE.test(code)}
      invalidMessage={t('twoFactor.codeInvalid')}
      onSubmit={(code) => void disable.submit({ code })}
    >
      <button type="submit" className="button button--danger button--block" disabled={disable.isPending}>
        {t('twoFactor.turnOff')}
      </button>
    </CodeForm>
  );
}
