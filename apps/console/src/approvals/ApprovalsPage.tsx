import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ApprovalItem, decideApproval, fetchApprovals } from '../api/approval-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

const KIND_LABELS: Record<ApprovalItem['kind'], string> = {
  deposit_channel_payee: 'Payee details',
  deposit_approval: 'Deposit',
  loan_approval: 'Credit loan',
  follow_funding: 'Copy-trading funding',
  parameter_change: 'Money parameter',
  ledger_reversal: 'Ledger reversal',
  withdrawal_payout: 'Withdrawal',
};

/** Where an item that is not a general request is decided. */
const DECIDED_ELSEWHERE: Partial<Record<ApprovalItem['source'], string>> = {
  reversal: 'Decide in Ledger → Second approvals',
  withdrawal: 'Complete in Reviews → Withdrawals with the payout reference',
};

const age = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : minutes < 1440
      ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
      : `${Math.floor(minutes / 1440)} d`;

interface Decision {
  item: ApprovalItem;
  approve: boolean;
  reason: string;
}

/**
 * Everything waiting for a second staff member (ADR 0027), oldest first with its age; overdue
 * items (past the queue_sla_minutes_approvals parameter) are highlighted. The maker sees their own
 * requests but cannot decide them (the server and the database refuse it too).
 */
export function ApprovalsPage() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'pending' | 'decided'>('pending');
  const list = useQuery({ queryKey: ['approvals', state], queryFn: () => fetchApprovals({ state }) });
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const action = useConfirmedAction(async (decision: Decision, options) => {
    const decided = await decideApproval(
      { id: decision.item.id, approve: decision.approve, reason: decision.reason.trim() },
      options,
    );
    await queryClient.invalidateQueries();
    return decided;
  });
  const pending = action.pendingValues;
  const reasonOf = (key: string) => (reasons[key] ?? '').trim();
  const items = list.data?.items ?? [];
  return (
    <>
      <PageHeading title="Approvals">
        Requests that move or route money wait here for a second staff member: payee details of deposit
        channels, deposits and loans above their thresholds, money parameters, ledger reversals and
        withdrawals.
      </PageHeading>
      <Card
        title={
          <Space>
            Waiting for a second approver
            {list.data && list.data.overdue > 0 ? <Tag color="red">{list.data.overdue} overdue</Tag> : null}
          </Space>
        }
        extra={
          <Segmented
            value={state}
            onChange={(value) => setState(value as 'pending' | 'decided')}
            options={[
              { value: 'pending', label: 'Pending' },
              { value: 'decided', label: 'Decided' },
            ]}
          />
        }
      >
        {list.error ? <ErrorAlert error={list.error} /> : null}
        {action.error ? <ErrorAlert title="Not decided" error={action.error} /> : null}
        {action.result ? (
          <Alert
            className="result-panel"
            type="success"
            showIcon
            title={`${action.result.state === 'approved' ? 'Approved and applied' : 'Rejected'}: ${action.result.target}`}
          />
        ) : null}
        <Table<ApprovalItem>
          rowKey={(row) => `${row.source}:${row.id}`}
          loading={list.isFetching}
          dataSource={items}
          pagination={false}
          rowClassName={(row) => (row.overdue && row.state === 'pending' ? 'row-overdue' : '')}
          locale={{ emptyText: 'Nothing waiting for a second approver.' }}
          columns={[
            {
              title: 'What',
              key: 'what',
              render: (_value, row) => (
                <>
                  <Tag>{KIND_LABELS[row.kind]}</Tag>
                  <div>{row.target}</div>
                </>
              ),
            },
            {
              title: 'Change',
              key: 'change',
              render: (_value, row) => (
                <>
                  {row.change.map((line) => (
                    <div key={line.field}>
                      <Typography.Text type="secondary">{line.field}: </Typography.Text>
                      {line.before === null ? null : <Typography.Text delete>{line.before}</Typography.Text>}{' '}
                      <Typography.Text strong>{line.after}</Typography.Text>
                    </div>
                  ))}
                  {row.amount ? (
                    <div className="amount">
                      {row.currency === 'INR' ? formatRupees(row.amount) : `${row.amount} ${row.currency}`}
                    </div>
                  ) : null}
                </>
              ),
            },
            {
              title: 'Asked by, and why',
              key: 'asked',
              render: (_value, row) => (
                <>
                  <div>{row.requestedBy}</div>
                  <Typography.Text type="secondary">{formatIstDateTime(row.requestedAt)}</Typography.Text>
                  <div className="request-reason">“{row.reason}”</div>
                </>
              ),
            },
            {
              title: 'Age',
              dataIndex: 'ageMinutes',
              width: 110,
              sorter: (a, b) => a.ageMinutes - b.ageMinutes,
              render: (minutes: number, row) =>
                row.overdue && row.state === 'pending' ? (
                  <Tag color="red">{age(minutes)} · overdue</Tag>
                ) : (
                  age(minutes)
                ),
            },
            {
              title: 'Decide',
              key: 'decide',
              width: 330,
              render: (_value, row) => {
                const key = `${row.source}:${row.id}`;
                if (row.state !== 'pending')
                  return (
                    <Tag color={row.state === 'approved' ? 'green' : 'default'}>
                      {row.state} by {row.decidedBy}
                    </Tag>
                  );
                const elsewhere = DECIDED_ELSEWHERE[row.source];
                if (elsewhere) return <Typography.Text type="secondary">{elsewhere}</Typography.Text>;
                if (row.isOwn)
                  return (
                    <Typography.Text type="secondary">Yours: another staff member decides</Typography.Text>
                  );
                const reason = reasonOf(key);
                const ready = reason.length >= REASON_MIN_LENGTH;
                return (
                  <Space.Compact style={{ width: '100%' }}>
                    <Input
                      placeholder="Reason"
                      aria-label={`Reason for ${row.target}`}
                      maxLength={REASON_MAX_LENGTH}
                      value={reasons[key] ?? ''}
                      onChange={(event) => setReasons({ ...reasons, [key]: event.target.value })}
                    />
                    <Button
                      type="primary"
                      disabled={!ready}
                      onClick={() => action.ask({ item: row, approve: true, reason })}
                    >
                      Approve
                    </Button>
                    <Button
                      danger
                      disabled={!ready}
                      onClick={() => action.ask({ item: row, approve: false, reason })}
                    >
                      Reject
                    </Button>
                  </Space.Compact>
                );
              },
            },
          ]}
        />
      </Card>
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pending?.approve ? `Approve: ${pending.item.target}?` : `Reject: ${pending?.item.target ?? ''}?`
        }
        okText={pending?.approve ? 'Approve and apply' : 'Reject'}
        danger={pending?.approve ?? false}
        reason={pending?.reason}
      >
        <p>
          {pending?.approve
            ? `Applies the change asked by ${pending.item.requestedBy}: "${pending.item.reason}".${pending.item.amount ? ` Moves ${formatRupees(pending.item.amount)}.` : ''}`
            : 'Closes the request; nothing changes.'}
        </p>
      </ConfirmActionModal>
    </>
  );
}
