import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  decideReversalRequest,
  fetchReversalRequests,
  type ReversalRequest,
  type ReversalRequestFilter,
} from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { collectAllPages } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { useServerPage } from '../shared/use-server-page';

const STATE_COLORS: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'default' };

interface Decision {
  request: ReversalRequest;
  approve: boolean;
  reason: string;
}

/**
 * Reversals above the threshold wait here for a second finance staff member. The one who asked
 * cannot decide (the server refuses it too); two deciding at once: one wins, the other is told.
 */
export function ReversalRequestsCard({ onOpenEntry }: { onOpenEntry: (entryId: string) => void }) {
  const me = useStaffMe();
  const mayDecide = mayPerform('decideReversal', me.data?.roles);
  const queryClient = useQueryClient();
  const list = useServerPage('reversal-requests', fetchReversalRequests, {
    state: 'pending',
  } as ReversalRequestFilter);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const action = useConfirmedAction(async (decision: Decision, options) => {
    const decided = await decideReversalRequest(
      { requestId: decision.request.id, approve: decision.approve, reason: decision.reason.trim() },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['console-list'] });
    return decided;
  });
  const pending = action.pendingValues;
  const reasonOf = (id: string) => (reasons[id] ?? '').trim();
  const ask = (request: ReversalRequest, approve: boolean) =>
    action.ask({ request, approve, reason: reasonOf(request.id) });

  return (
    <Card
      title="Second approvals"
      extra={
        <Space>
          <Segmented
            value={list.filter.state ?? 'all'}
            onChange={(value) =>
              list.setFilter(value === 'all' ? {} : ({ state: value } as ReversalRequestFilter))
            }
            options={[
              { value: 'pending', label: 'Pending' },
              { value: 'approved', label: 'Approved' },
              { value: 'rejected', label: 'Rejected' },
              { value: 'all', label: 'All' },
            ]}
          />
          <ExportCsvButton
            what="reversal-requests"
            collect={() => collectAllPages(fetchReversalRequests, list.filter)}
            columns={[
              { header: 'id', value: (row: ReversalRequest) => row.id },
              { header: 'entry_id', value: (row) => row.entryId },
              { header: 'entry_key', value: (row) => row.entryKey },
              { header: 'amount', value: (row) => row.amount },
              { header: 'state', value: (row) => row.state },
              { header: 'requested_by', value: (row) => row.requestedByName },
              { header: 'reason', value: (row) => row.reason },
              { header: 'decided_by', value: (row) => row.decidedByName },
              { header: 'decision_reason', value: (row) => row.decisionReason },
            ]}
          />
        </Space>
      }
    >
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      {action.error ? <ErrorAlert title="Not decided" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={
            action.result.state === 'approved'
              ? `Approved: reversal posted as entry ${action.result.reversalEntryId}`
              : `Rejected request ${action.result.id}: nothing posted`
          }
        />
      ) : null}
      <Table<ReversalRequest>
        className="section-table"
        rowKey="id"
        tableLayout="fixed"
        loading={list.query.isFetching}
        dataSource={list.query.data?.items ?? []}
        pagination={list.pagination}
        locale={{ emptyText: 'Nothing waiting for a second approver.' }}
        columns={[
          {
            title: 'Request',
            key: 'entry',
            width: 150,
            render: (_value, row) => (
              <>
                <div>Request {row.id}</div>
                <Button
                  type="link"
                  size="small"
                  className="link-button"
                  onClick={() => onOpenEntry(row.entryId)}
                >
                  Entry {row.entryId}
                </Button>
                <div>
                  <Typography.Text type="secondary">{row.entryKind}</Typography.Text>
                </div>
              </>
            ),
          },
          {
            title: 'Amount',
            dataIndex: 'amount',
            width: 130,
            align: 'right',
            render: (amount: string) => <span className="amount">{formatRupees(amount)}</span>,
          },
          {
            title: 'Asked by, and why',
            key: 'asked',
            render: (_value, row) => (
              <>
                <div>{row.requestedByName}</div>
                <Typography.Text type="secondary">{formatIstDateTime(row.requestedAt)}</Typography.Text>
                <div className="request-reason">“{row.reason}”</div>
              </>
            ),
          },
          {
            title: 'State',
            dataIndex: 'state',
            width: 130,
            render: (state: string, row) => (
              <Tag color={STATE_COLORS[state]}>
                {state}
                {row.decidedByName ? ` by ${row.decidedByName}` : ''}
              </Tag>
            ),
          },
          {
            title: 'Decide',
            key: 'decide',
            width: 280,
            render: (_value, row) => {
              if (row.state !== 'pending') return row.decisionReason ?? '—';
              if (!mayDecide) return 'finance or admin decides';
              if (row.requestedByName === me.data?.username) return 'Another staff member must decide';
              const reason = reasonOf(row.id);
              const ready = reason.length >= REASON_MIN_LENGTH;
              return (
                <Form.Item
                  className="inline-decision"
                  validateStatus={reasons[row.id] !== undefined && !ready ? 'error' : ''}
                  help={
                    reasons[row.id] !== undefined && !ready
                      ? `A reason of at least ${REASON_MIN_LENGTH} characters`
                      : undefined
                  }
                >
                  <Space.Compact style={{ width: '100%' }}>
                    <Input
                      placeholder="Reason"
                      aria-label={`Reason for request ${row.id}`}
                      maxLength={REASON_MAX_LENGTH}
                      value={reasons[row.id] ?? ''}
                      onChange={(event) => setReasons({ ...reasons, [row.id]: event.target.value })}
                    />
                    <Button type="primary" disabled={!ready} onClick={() => ask(row, true)}>
                      Approve
                    </Button>
                    <Button danger disabled={!ready} onClick={() => ask(row, false)}>
                      Reject
                    </Button>
                  </Space.Compact>
                </Form.Item>
              );
            },
          },
        ]}
      />
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pending?.approve
            ? `Approve reversal request ${pending.request.id}?`
            : `Reject reversal request ${pending?.request.id ?? ''}?`
        }
        okText={pending?.approve ? 'Approve and post' : 'Reject'}
        danger={pending?.approve ?? false}
        reason={pending?.reason}
      >
        <p>
          {pending?.approve
            ? `Posts the reversal of entry ${pending.request.entryId} (${formatRupees(pending.request.amount)}), asked by ${pending.request.requestedByName}: "${pending.request.reason}".`
            : 'Closes the request; nothing is posted.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
