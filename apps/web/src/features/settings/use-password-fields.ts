import { createRef, type RefObject, useRef } from 'react';
import { type FieldErrors, hasErrors } from '../../lib/form-validation';
import { useFormValues } from '../../lib/use-form-values';

/**
 * The state of a password form's fields (the password forms: current, new, confirm): values, errors
 * shown under each field in the current language, and focus on the first field in error.
 */
export function usePasswordFields<Field extends string>(order: readonly Field[]) {
  const { values, setErrors, bind } = useFormValues(
    () => Object.fromEntries(order.map((field) => [field, ''])) as Record<Field, string>,
  );
  const inputs = useRef(
    Object.fromEntries(order.map((field) => [field, createRef<HTMLInputElement>()])) as Record<
      Field,
      RefObject<HTMLInputElement | null>
    >,
  ).current;

  /** Shows what the validation found and focuses the first field in error; true when nothing was. */
  const accept = (found: FieldErrors<Field>): boolean => {
    setErrors(found);
    if (!hasErrors(found)) return true;
    const first = order.find((field) => found[field]);
    if (first) inputs[first].current?.focus();
    return false;
  };

  /** The props of one field's TextField: its value, change handler, error and input ref. */
  const fieldProps = (field: Field) => ({ ...bind(field), inputRef: inputs[field] });

  return { values, accept, fieldProps, showError: setErrors };
}
