import { useQueryClient } from '@tanstack/react-query';
import { Card, Space, Tag, Typography } from 'antd';
import {
  approveWithdrawal,
  fetchWithdrawalQueue,
  type QueueFilter,
  rejectWithdrawal,
  type WithdrawalItem,
} from '../api/review-calls';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { formatIstDateTime } from '../shared/format';
import { confirmDialogProps } from '../shared/use-confirmed-action';
import { amountIn } from './DepositQueue';
import { DestinationCell } from './DestinationCell';
import {
  ageColumn,
  BulkDecisionBar,
  KeyboardHint,
  QueueFilterBar,
  useQueueSlaMinutes,
  useQueueTools,
} from './QueueTools';
import { DecisionOutcome, RequestReason, StateTag } from './ReviewParts';
import { CursorReviewTable } from './ReviewTable';
import { decideColumn, investorColumn, itemColumn, reviewedDecision } from './review-columns';
import { APPROVAL_STATES, QueueStatusFilter } from './StateFilter';
import { reasonOnRecord } from './use-review-decision';
import { useReviewQueue } from './use-review-queue';

/** Where a withdrawal stands in the two-person rule. */
export type ApprovalStep = 'single' | 'first-of-two' | 'second-of-two';
export function approvalStep(item: WithdrawalItem): ApprovalStep {
  if (item.approvalsRequired < 2) return 'single';
  return item.firstApprovedBy === null ? 'first-of-two' : 'second-of-two';
}

const APPROVE_TEXT: Record<ApprovalStep, string> = {
  single: 'Approve and pay',
  'first-of-two': 'First approval',
  'second-of-two': 'Second approval and pay',
};

/**
 * Withdrawals to pay out: the destination in full, amount, fee and net. Above the two-person
 * threshold a first approval only records itself; a different staff member completes it with the
 * payout reference (the server refuses the first approver: SECOND_APPROVER_REQUIRED).
 */
export function WithdrawalQueue() {
  const me = useStaffMe();
  const { list, action, exportAll } = useReviewQueue(
    'withdrawals',
    fetchWithdrawalQueue,
    { status: 'pending' } as QueueFilter,
    (decision, options) =>
      decision.approve
        ? approveWithdrawal(
            decision.item.id,
            approvalStep(decision.item) === 'first-of-two' ? undefined : decision.payoutReference,
            options,
          )
        : rejectWithdrawal(decision.item.id, decision.reason, options),
  );
  const queryClient = useQueryClient();
  const slaMinutes = useQueueSlaMinutes('withdrawals');
  const tools = useQueueTools<WithdrawalItem>({
    rows: list.query.data?.items ?? [],
    stateOf: (row) => row.status,
    createdAtOf: (row) => row.createdAt,
    slaMinutes,
    askReject: (item, reason) => action.ask({ item, approve: false, reason, payoutReference: '' }),
  });
  const pending = action.pendingValues;
  const pendingStep = pending ? approvalStep(pending.item) : 'single';
  const outcome = (item: WithdrawalItem) => {
    if (item.status === 'pending')
      return `Withdrawal ${item.id}: first approval recorded; a second finance staff member completes it`;
    if (item.status === 'approved')
      return `Withdrawal ${item.id} approved and paid (payout reference ${item.payoutReference})`;
    return `Withdrawal ${item.id} rejected: the hold went back to the investor's cash`;
  };
  return (
    <Card
      title="Withdrawals"
      extra={
        <Space>
          <QueueStatusFilter list={list} states={APPROVAL_STATES} />
          <ExportCsvButton
            what="withdrawals"
            collect={exportAll}
            columns={[
              { header: 'id', value: (row: WithdrawalItem) => row.id },
              { header: 'user_id', value: (row) => row.investor.userId },
              {
                header: 'destination',
                value: (row) => row.destinationAccountNumber ?? row.destination.address,
              },
              { header: 'ifsc', value: (row) => row.destination.ifsc },
              { header: 'amount', value: (row) => row.amount },
              { header: 'fee', value: (row) => row.fee },
              { header: 'net', value: (row) => row.net },
              { header: 'currency', value: (row) => row.currency },
              { header: 'status', value: (row) => row.status },
              { header: 'approvals_required', value: (row) => row.approvalsRequired },
              { header: 'first_approved_by', value: (row) => row.firstApprovedBy },
              { header: 'payout_reference', value: (row) => row.payoutReference },
              { header: 'reviewed_by', value: (row) => row.reviewedBy },
              { header: 'reject_reason', value: (row) => row.rejectReason },
              { header: 'created_at', value: (row) => new Date(row.createdAt).toISOString() },
            ]}
          />
        </Space>
      }
    >
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      {action.error ? <ErrorAlert title="Not decided" error={action.error} /> : null}
      <DecisionOutcome error={action.error} success={action.result ? outcome(action.result) : null} />
      <QueueFilterBar filter={list.filter} setFilter={list.setFilter} withMoney={true} />
      <BulkDecisionBar<WithdrawalItem>
        itemName="withdrawal"
        selected={tools.selected}
        reason={tools.reason}
        onReasonChange={tools.setReason}
        reject={(item, reason) => rejectWithdrawal(item.id, reason)}
        approveBlockedBecause="Approving pays out: each withdrawal needs its own UTR (in its row, or recorded from the bank statement under Bank statements → Payouts), so only rejection is done in bulk."
        onDone={async () => {
          tools.clearSelection();
          await queryClient.invalidateQueries({ queryKey: ['console-list'] });
          await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }}
      />
      <KeyboardHint approve={false} slaMinutes={slaMinutes} />
      <CursorReviewTable<WithdrawalItem>
        list={list}
        rowSelection={tools.rowSelection}
        rowClassName={tools.rowClassName}
        emptyText="No withdrawal in this state."
        columns={[
          itemColumn<WithdrawalItem>({
            title: 'Withdrawal',
            width: 120,
            name: (row) => `Withdrawal ${row.id}`,
            at: (row) => row.createdAt,
          }),
          investorColumn<WithdrawalItem>((row) => row.investor, 130),
          ageColumn<WithdrawalItem>(
            (row) => row.createdAt,
            (row) => row.status,
            slaMinutes,
          ),
          {
            title: 'Pay to',
            key: 'destination',
            width: 170,
            render: (_value, row) => (
              <DestinationCell destination={row.destination} fullNumber={row.destinationAccountNumber} />
            ),
          },
          {
            title: 'Amount, fee, net',
            key: 'amount',
            width: 170,
            render: (_value, row) => (
              <div className="money-lines">
                <div>
                  <span>Amount</span> <span className="amount">{amountIn(row.amount, row.currency)}</span>
                </div>
                <div>
                  <span>Fee</span> <span className="amount">{amountIn(row.fee, row.currency)}</span>
                </div>
                <div className="net">
                  <span>Net</span> <span className="amount">{amountIn(row.net, row.currency)}</span>
                </div>
              </div>
            ),
          },
          {
            title: 'Approvals',
            key: 'approvals',
            width: 170,
            render: (_value, row) => (
              <>
                <StateTag state={row.status} by={row.reviewedBy} />
                {row.approvalsRequired > 1 ? (
                  <div>
                    <Tag color="purple">two-person</Tag>
                    {row.firstApprovedBy ? (
                      <Typography.Text className="first-approval">
                        1 of 2: {row.firstApprovedBy}
                        {row.firstApprovedAt ? `, ${formatIstDateTime(row.firstApprovedAt)}` : ''}
                      </Typography.Text>
                    ) : (
                      <Typography.Text type="secondary">0 of 2 approvals</Typography.Text>
                    )}
                  </div>
                ) : null}
                {row.payoutReference ? <div>Payout ref {row.payoutReference}</div> : null}
                <RequestReason reason={row.rejectReason} />
              </>
            ),
          },
          decideColumn<WithdrawalItem>({
            decisionOf: reviewedDecision,
            controls: (row) => {
              const step = approvalStep(row);
              return {
                itemLabel: `withdrawal ${row.id}`,
                approveText: APPROVE_TEXT[step],
                needsPayoutReference: step !== 'first-of-two',
                approveBlockedBecause:
                  step === 'second-of-two' && row.firstApprovedBy === me.data?.username
                    ? 'You gave the first approval: another staff member gives the second'
                    : undefined,
              };
            },
            ask: action.ask,
          }),
        ]}
      />
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pending?.approve
            ? `${APPROVE_TEXT[pendingStep]}: withdrawal ${pending.item.id}?`
            : `Reject withdrawal ${pending?.item.id ?? ''}?`
        }
        okText={pending?.approve ? APPROVE_TEXT[pendingStep] : 'Reject'}
        danger
        reason={reasonOnRecord(pending)}
      >
        {pending?.approve ? (
          <p>
            {pendingStep === 'first-of-two'
              ? `Records your approval of ${amountIn(pending.item.amount, pending.item.currency)}; nothing is paid until a second finance staff member approves.`
              : `Records the payout of ${amountIn(pending.item.net, pending.item.currency)} (net of ${amountIn(pending.item.fee, pending.item.currency)} fee) to ${pending.item.destinationAccountNumber ?? pending.item.destination.address}, reference ${pending.payoutReference}.`}
          </p>
        ) : (
          <p>
            The hold of {pending ? amountIn(pending.item.amount, pending.item.currency) : ''} goes back to the
            investor's cash; they read the reason.
          </p>
        )}
      </ConfirmActionModal>
    </Card>
  );
}
