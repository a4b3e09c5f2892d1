/** Refusals are i18n keys; the form translates them in the user's language. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/** The fund password must be entered (to unbind a destination, to repay a loan). */
export function validateFundPasswordEntered(value: string): string | undefined {
  return value ? undefined : 'funds.validation.fundPasswordRequired';
}
