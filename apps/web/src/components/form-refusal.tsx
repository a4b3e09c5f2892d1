import { isApiError } from '../api/client';
import './form-refusal.css';

/** The server's refusal of a submission, shown next to the form in the current language. */
export function FormRefusal({ error }: { error: unknown }) {
  // A 401 is told once, by the session-expired toast before the login screen.
  if (!error || (isApiError(error) && error.kind === 'unauthorized')) return null;
  const message = isApiError(error) ? error.message : String(error);
  return (
    <p className="funds-refusal" role="alert">
      {message}
    </p>
  );
}

/**
 * A form's submit button under the server's refusal of the last submission. While `isPending` it
 * cannot be pressed again and says `pendingLabel`.
 */
export function FormSubmit({
  error,
  label,
  isPending,
  pendingLabel,
}: {
  error: unknown;
  label: string;
  isPending?: boolean;
  pendingLabel?: string;
}) {
  return (
    <>
      <FormRefusal error={error} />
      <button type="submit" className="button button--primary button--block" disabled={isPending}>
        {isPending && pendingLabel !== undefined ? pendingLabel : label}
      </button>
    </>
  );
}
