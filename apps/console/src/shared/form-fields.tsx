import { Form, Input } from 'antd';

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;
const ID_PATTERN = /^[0-9]{1,19}$/;

/** The reason every staff action records in the audit log: required, 3 to 500 characters. */
export function ReasonField() {
  return (
    <Form.Item
      name="reason"
      label="Reason"
      extra="Recorded in the audit log with your name."
      rules={[
        { required: true, whitespace: true, message: 'Give a reason for this action' },
        {
          min: REASON_MIN_LENGTH,
          message: `The reason needs at least ${REASON_MIN_LENGTH} characters`,
          transform: (value: string | undefined) => value?.trim(),
        },
        { max: REASON_MAX_LENGTH, message: `At most ${REASON_MAX_LENGTH} characters` },
      ]}
    >
      <Input.TextArea rows={3} maxLength={REASON_MAX_LENGTH} showCount />
    </Form.Item>
  );
}

/** A numeric database id (a user id, a journal entry id). */
export function NumericIdField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      normalize={(value: string) => value.trim()}
      rules={[
        { required: true, message: `Enter the ${label.toLowerCase()}` },
        { pattern: ID_PATTERN, message: 'Digits only, at most 19' },
      ]}
    >
      <Input inputMode="numeric" autoComplete="off" maxLength={19} />
    </Form.Item>
  );
}

/**
 * The user a form acts on: fixed and hidden on a user's page, typed in where the form stands alone.
 */
export function UserIdField({ userId }: { userId?: string | undefined }) {
  return userId ? (
    <Form.Item name="userId" hidden initialValue={userId}>
      <input />
    </Form.Item>
  ) : (
    <NumericIdField name="userId" label="User ID" />
  );
}
