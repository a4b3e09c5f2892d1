import { type Ref, useId } from 'react';
import './select-field.css';

interface SelectFieldProps {
  label: string;
  value: string;
  /** A `disabled` option is listed but cannot be chosen (a payout account still cooling off). */
  options: readonly { value: string; label: string; disabled?: boolean }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A labelled native select (the phone's own picker), with its refusal tied to it. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  placeholder,
  selectRef,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          ref={selectRef}
          id={id}
          className="field__input funds-select"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
