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
 * A form's submit button under the server's refusal of the last submission. While the call is
 * pending the button cannot be pressed again and says `pendingLabel`. A form that only opens a
 * confirmation passes just the refusal of the call the confirmation made.
 */
export function FormSubmit({
  call: { error, isPending },
  label,
  pendingLabel,
}: {
  call: { error: unknown; isPending?: boolean };
  label: string;
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
