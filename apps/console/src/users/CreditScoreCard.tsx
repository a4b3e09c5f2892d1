import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { saveCreditScore } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';

interface CreditScoreValues {
  creditScore: number;
  reason: string;
}

/** Compliance sets the credit score: a positive integer that governs borrowing, never withdrawing. */
export function CreditScoreCard({ userId, current }: { userId: string; current: number }) {
  const me = useStaffMe();
  const allowed = mayPerform('setCreditScore', me.data?.roles);
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (values: CreditScoreValues, options) => {
    const saved = await saveCreditScore(
      { userId, creditScore: values.creditScore, reason: values.reason.trim() },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['user', userId] });
    await queryClient.invalidateQueries({ queryKey: ['console-list'] });
    return saved;
  });
  const pending = action.pendingValues;
  return (
    <Card title="Credit score">
      {me.data && !allowed ? <RoleNote action="setCreditScore" /> : null}
      <Typography.Paragraph type="secondary">
        Now <strong>{current}</strong>. The score sets the credit-loan quota only; it never gates a
        withdrawal.
      </Typography.Paragraph>
      <Form<CreditScoreValues> name="creditScore" layout="vertical" disabled={!allowed} onFinish={action.ask}>
        <Form.Item
          name="creditScore"
          label="New credit score"
          rules={[
            { required: true, message: 'Enter the new score' },
            wholeNumberRule({ min: 1, max: 1_000_000, message: 'A whole number from 1 to 1,000,000' }),
          ]}
        >
          <WholeNumberInput style={{ width: 200 }} />
        </Form.Item>
        <ReasonField />
        <Button type="primary" htmlType="submit">
          Set score
        </Button>
      </Form>
      {action.error ? <ErrorAlert title="The score was not changed" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={`Credit score set to ${action.result.creditScore}`}
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title="Change the credit score?"
        okText="Set score"
        reason={pending?.reason}
      >
        <p>
          From <strong>{current}</strong> to <strong>{pending?.creditScore}</strong> for user {userId}.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
