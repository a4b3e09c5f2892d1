import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from './form-validation';

/** What ties an input to one value of a form: the value, how it changes and its refusal in words. */
export interface FieldBinding<Value> {
  value: Value;
  onChange: (value: Value) => void;
  error: string | undefined;
}

/**
 * A form's values and the refusal of each field (an i18n key, as validation returns it). Editing a
 * field drops its refusal, so a message never outlives the input it was about; `onEdit` lets the form
 * forget more (a confirmation or a quote made for the old values).
 */
export function useFormValues<Values extends object>(initial: Values | (() => Values), onEdit?: () => void) {
  type Field = keyof Values & string;
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const update = <Key extends Field>(field: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    onEdit?.();
  };
  /** The field's refusal in the user's language, with the figures its message names. */
  const errorText = (field: Field, params?: Record<string, unknown>) => {
    const key = errors[field];
    return key ? t(key, params) : undefined;
  };
  /** The value, change and refusal of one field, to spread on its input. */
  const bind = <Key extends Field>(
    field: Key,
    params?: Record<string, unknown>,
  ): FieldBinding<Values[Key]> => ({
    value: values[field],
    onChange: (value) => update(field, value),
    error: errorText(field, params),
  });
  return { values, setValues, errors, setErrors, update, errorText, bind };
}
