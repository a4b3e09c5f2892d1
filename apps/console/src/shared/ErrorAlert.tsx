import { Alert } from 'antd';
import { describeError } from '../api/client';

/** A failed call, in words the staff member can act on. */
export function ErrorAlert({ error, title = 'That did not work' }: { error: unknown; title?: string }) {
  return <Alert type="error" showIcon title={title} description={describeError(error)} role="alert" />;
}
