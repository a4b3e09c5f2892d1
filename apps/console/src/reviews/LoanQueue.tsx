import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  approveLoan,
  fetchLoans,
  type LoanFilter,
  type LoanItem,
  type LoanState,
  recordLoanRepayment,
  rejectLoan,
} from '../api/loan-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { DecisionControls } from './DecisionControls';
import { LoanRepaymentModal, type RepaymentValues } from './LoanRepaymentModal';
import { DecisionOutcome, RequestReason, StateTag, When } from './ReviewParts';
import { CursorReviewTable } from './ReviewTable';
import { investorColumn, itemColumn } from './review-columns';
import { StateFilter } from './StateFilter';
import { reasonOnRecord } from './use-review-decision';
import { useReviewQueue } from './use-review-queue';

const STATE_TAG: Record<LoanState, string> = {
  pending: 'pending',
  outstanding: 'approved',
  repaid: 'verified',
  rejected: 'rejected',
};

/** A loan's figures for staff: amount and term, then what is owed once it is disbursed. */
function LoanFigures({ row }: { row: LoanItem }) {
  return (
    <div className="money-lines">
      <div>
        <span>Amount</span> <span className="amount">{formatRupees(row.amount)}</span>
      </div>
      <div>
        <span>Term</span>{' '}
        <span>
          {row.termDays} days at {row.dailyInterestBps} bps a day
        </span>
      </div>
      {row.disbursedAt !== null ? (
        <>
          <div>
            <span>Interest</span> <span className="amount">{formatRupees(row.interestCharged)}</span>
          </div>
          <div>
            <span>Repaid</span> <span className="amount">{formatRupees(row.repaid)}</span>
          </div>
          <div className="net">
            <span>Owed</span> <span className="amount">{formatRupees(row.owed)}</span>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * Credit loans: the review queue (approving credits the principal to the investor's cash against
 * loan_payable; rejecting moves nothing) and, for outstanding loans, the staff-assisted repayment of
 * money received outside the platform.
 */
export function LoanQueue() {
  const me = useStaffMe();
  const queryClient = useQueryClient();
  const mayRecord = mayPerform('recordLoanRepayment', me.data?.roles);
  const { list, action, exportAll } = useReviewQueue(
    'loans',
    fetchLoans,
    { state: 'pending' } as LoanFilter,
    (decision, options) =>
      decision.approve
        ? approveLoan(
            decision.reason ? { id: decision.item.id, reason: decision.reason } : { id: decision.item.id },
            options,
          )
        : rejectLoan(decision.item.id, decision.reason, options),
  );
  const state: LoanState = list.filter.state ?? 'pending';
  const [repaying, setRepaying] = useState<LoanItem | null>(null);
  const repayment = useConfirmedAction(async (values: RepaymentValues & { item: LoanItem }, options) => {
    try {
      return await recordLoanRepayment(
        { id: values.item.id, amount: values.amount, reference: values.reference, reason: values.reason },
        options,
      );
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['console-list'] });
    }
  });
  const pending = action.pendingValues;
  const pendingRepayment = repayment.pendingValues;
  return (
    <Card
      title="Credit loans"
      extra={
        <Space>
          <StateFilter<LoanState>
            value={state}
            onChange={(next) => list.setFilter({ state: next })}
            states={[
              { value: 'pending', label: 'Pending review' },
              { value: 'outstanding', label: 'Outstanding' },
              { value: 'repaid', label: 'Repaid' },
              { value: 'rejected', label: 'Rejected' },
            ]}
          />
          <ExportCsvButton
            what="loans"
            collect={exportAll}
            columns={[
              { header: 'id', value: (row: LoanItem) => row.id },
              { header: 'user_id', value: (row) => row.investor.userId },
              { header: 'amount', value: (row) => row.amount },
              { header: 'term_days', value: (row) => row.termDays },
              { header: 'daily_interest_bps', value: (row) => row.dailyInterestBps },
              { header: 'state', value: (row) => row.state },
              { header: 'interest_charged', value: (row) => row.interestCharged },
              { header: 'repaid', value: (row) => row.repaid },
              { header: 'owed', value: (row) => row.owed },
              { header: 'applied_at', value: (row) => new Date(row.appliedAt).toISOString() },
              { header: 'decided_by', value: (row) => row.decidedBy },
              { header: 'reason', value: (row) => row.reason },
            ]}
          />
        </Space>
      }
    >
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      {action.error ? <ErrorAlert title="Not decided" error={action.error} /> : null}
      {repayment.error ? <ErrorAlert title="The repayment was not recorded" error={repayment.error} /> : null}
      <DecisionOutcome
        error={action.error}
        success={
          action.result
            ? action.result.state === 'outstanding'
              ? `Loan ${action.result.id} approved: ${formatRupees(action.result.amount)} credited to the investor's cash`
              : action.result.state === 'pending'
                ? `Loan ${action.result.id}: your approval is recorded; it is credited when a second staff member approves it`
                : `Loan ${action.result.id} ${action.result.state}`
            : null
        }
      />
      <DecisionOutcome
        error={repayment.error}
        success={
          repayment.result
            ? `Repayment recorded on loan ${repayment.result.id}: owed now ${formatRupees(repayment.result.owed)}`
            : null
        }
      />
      <CursorReviewTable<LoanItem>
        list={list}
        emptyText="No loan in this state."
        columns={[
          itemColumn<LoanItem>({
            title: 'Loan',
            width: 130,
            name: (row) => `Loan ${row.id}`,
            at: (row) => row.appliedAt,
          }),
          investorColumn<LoanItem>((row) => row.investor, 150),
          {
            title: 'Credit now',
            key: 'credit',
            width: 160,
            render: (_value, row) => (
              <div className="money-lines">
                <div>
                  <span>Score</span> <span>{row.creditScore}</span>
                </div>
                <div>
                  <span>Quota</span> <span className="amount">{formatRupees(row.quota)}</span>
                </div>
                <div>
                  <span>Cash</span> <span className="amount">{formatRupees(row.cash)}</span>
                </div>
              </div>
            ),
          },
          {
            title: 'Loan terms',
            key: 'figures',
            width: 220,
            render: (_value, row) => <LoanFigures row={row} />,
          },
          {
            title: 'State',
            key: 'state',
            width: 180,
            render: (_value, row) => (
              <>
                <StateTag state={STATE_TAG[row.state]} by={row.decidedBy} />
                {row.secondApproval ? (
                  <Tag color="gold">
                    Approved once by {row.secondApproval.requestedBy}: waits for a second approver
                  </Tag>
                ) : null}
                {row.isOverdue ? <Tag color="red">overdue</Tag> : null}
                {row.dueAt ? (
                  <div>
                    <Typography.Text type="secondary">due {formatIstDateTime(row.dueAt)}</Typography.Text>
                  </div>
                ) : null}
                <RequestReason reason={row.reason} />
                {row.repayments.map((paid) => (
                  <div key={`${paid.at}-${paid.amount}`}>
                    <Typography.Text type="secondary">
                      {formatRupees(paid.amount)}{' '}
                      {paid.source === 'staff' ? `received, ref ${paid.reference}` : 'from cash'}
                    </Typography.Text>
                  </div>
                ))}
              </>
            ),
          },
          {
            title: 'Act',
            key: 'act',
            render: (_value, row) => {
              if (row.state === 'pending') {
                // The maker of the first approval neither approves nor rejects it again: the
                // server refuses both (SECOND_APPROVER_REQUIRED, ADR 0027).
                if (row.secondApproval && row.secondApproval.requestedBy === me.data?.username)
                  return (
                    <Typography.Text type="secondary">
                      You approved it first: it waits for a second approver, another staff member.
                    </Typography.Text>
                  );
                return (
                  <DecisionControls
                    itemLabel={`loan ${row.id}`}
                    approveText={row.secondApproval ? 'Approve as second approver and credit' : 'Approve'}
                    onDecide={(decision) => action.ask({ ...decision, item: row })}
                  />
                );
              }
              if (row.state === 'outstanding') {
                return mayRecord ? (
                  <Button size="small" onClick={() => setRepaying(row)}>
                    Record repayment received
                  </Button>
                ) : (
                  <Typography.Text type="secondary">Finance records repayments received</Typography.Text>
                );
              }
              return <When atMs={row.repaidAt ?? row.decidedAt} />;
            },
          },
        ]}
      />
      <LoanRepaymentModal
        loan={repaying}
        onCancel={() => setRepaying(null)}
        onSubmit={(values) => {
          if (repaying) repayment.ask({ ...values, item: repaying });
          setRepaying(null);
        }}
      />
      <ConfirmActionModal
        {...confirmDialogProps(repayment)}
        title={`Record ${formatRupees(pendingRepayment?.amount)} received for loan ${pendingRepayment?.item.id ?? ''}?`}
        okText="Record repayment"
        danger
        reason={pendingRepayment?.reason}
      >
        <p>
          Bank reference {pendingRepayment?.reference}. The investor's loan is reduced by this amount
          (interest first); their cash does not change. They get a message.
        </p>
      </ConfirmActionModal>
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pending?.approve
            ? pending.item.secondApproval
              ? `Approve loan ${pending.item.id} as second approver and credit ${formatRupees(pending.item.amount)}?`
              : `Approve loan ${pending.item.id} of ${formatRupees(pending.item.amount)}?`
            : `Reject loan ${pending?.item.id ?? ''}?`
        }
        okText={
          pending?.approve ? (pending.item.secondApproval ? 'Approve and credit' : 'Approve') : 'Reject'
        }
        danger
        reason={reasonOnRecord(pending)}
      >
        <p>
          {pending?.approve
            ? `${
                pending.item.secondApproval
                  ? `${pending.item.secondApproval.requestedBy} approved it first. `
                  : 'Above the second-approver amount (loan_second_approver_above) this records your approval and credits nothing: a second staff member credits it. Otherwise: '
              }the amount goes to ${pending.item.investor.realName ?? 'the investor'}'s cash against their loan payable; interest of ${pending.item.dailyInterestBps} bps a day starts on crediting for ${pending.item.termDays} days. Quota now ${formatRupees(pending.item.quota)} (score ${pending.item.creditScore}).`
            : 'Nothing moves. The investor reads the reason and may apply again.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
