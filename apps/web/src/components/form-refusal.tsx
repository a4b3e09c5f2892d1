import { isApiError } from '../api/client';
import './form-refusal.css';

/** The server's refusal of a submission, shown next to the form in the current language. */
export function FormRefusal({ error }: { error: unknown }) {
  if (!error) return null;
  const message = isApiError(error) ? error.message : String(error);
  return (
    <p className="funds-refusal" role="alert">
      {message}
    </p>
  );
}
