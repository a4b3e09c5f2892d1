import { type InputHTMLAttributes, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The translated refusal, shown under the field and announced with it. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input with its refusal message tied to it for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  error,
  inputRef,
  id,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const isPassword = type === 'password';
  const [isRevealed, setIsRevealed] = useState(false);

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...inputProps}
          ref={inputRef}
          id={inputId}
          className="field__input"
          type={isPassword && isRevealed ? 'text' : type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {isPassword ? (
          <button
            type="button"
            className="field__toggle"
            aria-label={isRevealed ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={isRevealed}
            onClick={() => setIsRevealed((revealed) => !revealed)}
          >
            {isRevealed ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The fund password that a money act asks for (a withdrawal, a loan repayment, unbinding a destination). */
export function FundPasswordField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  const { t } = useTranslation();
  return <TextField label={t('funds.fundPassword')} type="password" autoComplete="off" {...props} />;
}
