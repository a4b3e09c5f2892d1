import { Alert, Button, Card, Form, Typography } from 'antd';
import { type ReverseEntryBody, reverseLedgerEntryWithReason } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { NumericIdField, ReasonField } from '../shared/form-fields';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

/**
 * Corrects the ledger the only way it may be corrected: a new entry that reverses every posting of
 * the original, with a reason. The original entry stays as it was.
 */
export function ReverseEntryCard({ entryId, onDone }: { entryId?: string; onDone?: () => void } = {}) {
  const me = useStaffMe();
  const allowed = mayPerform('reverseLedgerEntry', me.data?.roles);
  const action = useConfirmedAction(async (values: ReverseEntryBody, options) => {
    const result = await reverseLedgerEntryWithReason(
      { entryId: values.entryId, reason: values.reason.trim() },
      options,
    );
    onDone?.();
    return result;
  });
  const pending = action.pendingValues;

  return (
    <Card title="Reverse an entry">
      {me.data && !allowed ? <RoleNote action="reverseLedgerEntry" /> : null}
      <Typography.Paragraph type="secondary">
        Postings are never edited. A reversal posts a new journal entry with every posting of the original
        negated.
      </Typography.Paragraph>
      <Form<ReverseEntryBody> name="reverseEntry" layout="vertical" disabled={!allowed} onFinish={action.ask}>
        {entryId ? (
          <Form.Item name="entryId" hidden initialValue={entryId}>
            <input />
          </Form.Item>
        ) : (
          <NumericIdField name="entryId" label="Journal entry ID" />
        )}
        <ReasonField />
        <Button type="primary" danger htmlType="submit">
          Reverse entry
        </Button>
      </Form>
      {action.error ? <ErrorAlert title="Nothing was reversed" error={action.error} /> : null}
      {action.result?.state === 'posted' ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={`Reversal posted as journal entry ${action.result.entryId}`}
          description={
            <>
              Entry key <Typography.Text code>{action.result.key}</Typography.Text>
            </>
          }
        />
      ) : null}
      {action.result?.state === 'pending_approval' ? (
        <Alert
          className="result-panel"
          type="info"
          showIcon
          title={`Waiting for a second approver (request ${action.result.requestId})`}
          description="The entry moved more than the second-approver threshold. Another finance staff member approves or rejects it under Second approvals; nothing is posted until then."
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`Reverse journal entry ${pending?.entryId ?? ''}?`}
        okText="Post reversal"
        danger
        reason={pending?.reason}
      >
        <p>
          This moves money back: a new entry negates every posting of entry{' '}
          <strong>{pending?.entryId}</strong> and changes the balances it touched. It cannot be undone except
          by another correction. Above the second-approver threshold it waits for another finance staff member
          instead.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
