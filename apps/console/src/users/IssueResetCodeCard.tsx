import { Button, Card, Form } from 'antd';
import { type IssueResetCodeBody, issuePasswordResetCode } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField, UserIdField } from '../shared/form-fields';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { ResetCodeResult } from './ResetCodeResult';

/** Support issues a one-time code with which an investor sets a new login password. */
/** With `userId`, the card acts on that user (the user's page) and shows no id field. */
export function IssueResetCodeCard({ userId }: { userId?: string } = {}) {
  const me = useStaffMe();
  const allowed = mayPerform('issueResetCode', me.data?.roles);
  const [form] = Form.useForm<IssueResetCodeBody>();
  const action = useConfirmedAction((values: IssueResetCodeBody, options) =>
    issuePasswordResetCode({ userId: values.userId, reason: values.reason.trim() }, options),
  );
  const pending = action.pendingValues;

  return (
    <Card title="Issue password-reset code">
      {me.data && !allowed ? <RoleNote action="issueResetCode" /> : null}
      <Form<IssueResetCodeBody>
        form={form}
        name="issueResetCode"
        layout="vertical"
        disabled={!allowed}
        onFinish={action.ask}
      >
        <UserIdField userId={userId} />
        <ReasonField />
        <Button type="primary" htmlType="submit">
          Issue code
        </Button>
      </Form>
      {action.error ? <ErrorAlert title="No code was issued" error={action.error} /> : null}
      {action.result ? (
        <ResetCodeResult
          resetCode={action.result}
          onDone={() => {
            action.dismissResult();
            form.resetFields();
          }}
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title="Issue a password-reset code?"
        okText="Issue code"
        reason={pending?.reason}
      >
        <p>
          User <strong>{pending?.userId}</strong> will be able to set a new login password with this code.
          Give it only to the account holder, through a verified channel.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
