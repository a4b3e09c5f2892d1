import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FundPasswordField } from '../../components/form-field';
import { FormRefusal } from '../../components/form-refusal';
import { validateFundPasswordEntered } from '../../lib/form-validation';
import { type Destination, useFundsMutation } from './api';
import './funds.css';

interface UnbindDialogProps {
  destination: Destination;
  onClose: () => void;
}

/** Removing a card or wallet asks for the fund password; the server's refusal shows in the dialog. */
export function UnbindDialog({ destination, onClose }: UnbindDialogProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement | null>(null);
  const unbind = useFundsMutation(destination.kind === 'bank' ? 'bank/unbind' : 'wallet/unbind', onClose);
  useEffect(() => input.current?.focus(), []);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateFundPasswordEntered(password);
    setError(found);
    if (found) return;
    void unbind.submit({ id: destination.id, fundPassword: password });
  };
  const label =
    destination.kind === 'bank'
      ? `${destination.bankName ?? ''} ${destination.accountNumber ?? ''}`
      : `${destination.network ?? ''} ${destination.address ?? ''}`;

  return (
    <div className="funds-dialog" role="dialog" aria-modal="true" aria-labelledby="unbind-title">
      <form className="funds-dialog__box form" noValidate onSubmit={handleSubmit}>
        <h2 id="unbind-title" className="funds-dialog__title">
          {t('funds.destinations.unbindTitle')}
        </h2>
        <p className="funds-dialog__text">
          {t('funds.destinations.unbindBody', { destination: label.trim() })}
        </p>
        <FundPasswordField
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(undefined);
          }}
          error={error ? t(error) : undefined}
          inputRef={input}
        />
        <FormRefusal error={unbind.error} />
        <div className="funds-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('funds.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={unbind.isPending}>
            {t('funds.destinations.unbind')}
          </button>
        </div>
      </form>
    </div>
  );
}
