import { type FormEvent, type ReactNode, useState } from 'react';
import { TextField } from './form-field';

interface CodeFormProps {
  /** The form's accessible name, when it stands beside other forms. */
  label?: string | undefined;
  fieldLabel: string;
  placeholder: string;
  inputMode?: 'numeric' | 'text';
  autoFocus?: boolean;
  /** Checked on the trimmed text before anything is sent. */
  isValid: (code: string) => boolean;
  invalidMessage: string;
  onSubmit: (code: string) => void;
  /** The submit button first, then any other buttons. */
  children: ReactNode;
  hint?: ReactNode;
}

/**
 * A one-code form (an authenticator or recovery code): the field refuses a malformed code
 * before anything is sent, and a new keystroke clears the refusal.
 */
export function CodeForm({
  label,
  fieldLabel,
  placeholder,
  inputMode,
  autoFocus,
  isValid,
  invalidMessage,
  onSubmit,
  children,
  hint,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!isValid(trimmed)) {
      setError(invalidMessage);
      return;
    }
    onSubmit(trimmed);
  };
  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={label}>
      {hint}
      <TextField
        label={fieldLabel}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        error={error}
      />
      {children}
    </form>
  );
}
