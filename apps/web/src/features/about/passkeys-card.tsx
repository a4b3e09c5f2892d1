import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallBody } from '../../api/calls';
import { callKey, useApiMutation, useApiQuery } from '../../api/hooks';
import { createPasskey, isBrowserRefusal, isPasskeySupported } from '../../api/passkey-ceremony';
import { TextField } from '../../components/form-field';
import { InlineLoading } from '../../components/loading-overlay';
import { formatIstDateTime } from '../../lib/date-time';
import './two-factor.css';

type Proof = CallBody<'user/passkeyRemove'>['proof'];

/** What the investor proves it is them with: the fund password, or (starting with a digit) a code. */
const proofOf = (text: string): Proof | undefined => {
  const value = text.trim();
  if (value === '') return undefined;
  return /^[0-9]{6}$/.test(value) ? { code: value } : { fundPassword: text };
};

/**
 * Passkeys in the security centre (docs/adr/0028-passkeys.md): the list with when each was added
 * and last used; add one on this device under a name, or remove one, each confirmed with the fund
 * password or a current authenticator code.
 */
export function PasskeysCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useApiQuery('user/passkeyList', {});
  const [name, setName] = useState('');
  const [proofText, setProofText] = useState('');
  const [isAdding, setAdding] = useState(false);
  const [browserRefused, setBrowserRefused] = useState(false);
  const [proofMissing, setProofMissing] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: callKey('user/passkeyList') });
    void queryClient.invalidateQueries({ queryKey: callKey('user/twoFactorStatus') });
  };
  const remove = useApiMutation('user/passkeyRemove', { onSuccess: refresh });
  const supported = isPasskeySupported();

  const add = async () => {
    setAdding(true);
    setBrowserRefused(false);
    try {
      await createPasskey(name.trim() === '' ? t('passkey.defaultName') : name, proofOf(proofText));
      setName('');
      setProofText('');
      refresh();
    } catch (error) {
      if (isBrowserRefusal(error)) setBrowserRefused(true);
    } finally {
      setAdding(false);
    }
  };

  return (
    <section className="card two-factor" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="two-factor__title">
        {t('passkey.title')}
      </h2>
      <p className="screen__hint">{t('passkey.explain')}</p>
      {list.isPending ? (
        <InlineLoading />
      ) : (
        <ul className="passkeys__list" aria-label={t('passkey.title')}>
          {(list.data?.passkeys ?? []).map((passkey) => (
            <li key={passkey.id} className="passkeys__item">
              <div>
                <strong>{passkey.name}</strong>
                <p className="screen__hint">
                  {t('passkey.added', { time: formatIstDateTime(passkey.createdAt, i18n.language) })}
                  {' · '}
                  {passkey.lastUsedAt === null
                    ? t('passkey.neverUsed')
                    : t('passkey.lastUsed', { time: formatIstDateTime(passkey.lastUsedAt, i18n.language) })}
                </p>
              </div>
              <button
                type="button"
                className="button button--danger"
                disabled={remove.isPending}
                onClick={() => {
                  const proof = proofOf(proofText);
                  setProofMissing(!proof);
                  if (proof) void remove.submit({ passkeyId: passkey.id, proof });
                }}
                aria-label={t('passkey.removeNamed', { name: passkey.name })}
              >
                {t('passkey.remove')}
              </button>
            </li>
          ))}
          {list.data?.passkeys.length === 0 ? <li className="screen__hint">{t('passkey.none')}</li> : null}
        </ul>
      )}
      <div className="form">
        <TextField
          id="passkey-name"
          label={t('passkey.name')}
          maxLength={40}
          value={name}
          placeholder={t('passkey.namePlaceholder')}
          onChange={setName}
        />
        <TextField
          id="passkey-proof"
          label={t('passkey.proof')}
          type="password"
          maxLength={128}
          autoComplete="off"
          value={proofText}
          onChange={(value) => {
            setProofText(value);
            setProofMissing(false);
          }}
          {...(proofMissing ? { error: t('passkey.proofMissing') } : {})}
        />
        <p className="screen__hint">{t('passkey.proofHint')}</p>
        {supported ? (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={isAdding}
            onClick={() => void add()}
          >
            {isAdding ? t('login.submitting') : t('passkey.add')}
          </button>
        ) : (
          <p className="screen__hint">{t('passkey.unsupported')}</p>
        )}
        {browserRefused ? (
          <p className="screen__hint" role="alert">
            {t('passkey.browserRefused')}
          </p>
        ) : null}
      </div>
    </section>
  );
}
