import { useQueryClient } from '@tanstack/react-query';
import { Card, Space, Tag, Typography } from 'antd';
import {
  approveDeposit,
  type DepositItem,
  fetchDepositQueue,
  type QueueFilter,
  rejectDeposit,
} from '../api/review-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { formatRupees } from '../shared/format';
import { confirmDialogProps } from '../shared/use-confirmed-action';
import { DestinationCell } from './DestinationCell';
import { EvidenceImage } from './EvidenceImage';
import {
  ageColumn,
  BulkDecisionBar,
  KeyboardHint,
  QueueFilterBar,
  useQueueSlaMinutes,
  useQueueTools,
} from './QueueTools';
import { DecisionOutcome, investorLabel } from './ReviewParts';
import { CursorReviewTable } from './ReviewTable';
import { decideColumn, investorColumn, itemColumn, reviewedDecision, stateColumn } from './review-columns';
import { APPROVAL_STATES, QueueStatusFilter } from './StateFilter';
import { reasonOnRecord } from './use-review-decision';
import { useReviewQueue } from './use-review-queue';

const REFERENCE_LABEL = { utr: 'UTR', tx_hash: 'Tx hash' } as const;

/** An amount in its currency: rupees with Indian grouping, anything else as sent. */
export function amountIn(amount: string, currency: string): string {
  return currency === 'INR' ? formatRupees(amount) : `${amount} ${currency}`;
}

/** Orders two API amounts ("1234.50") without floating point: by paise as bigint. */
export function compareAmounts(a: string, b: string): number {
  const paise = (amount: string) => {
    const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
    const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
    return amount.startsWith('-') ? -value : value;
  };
  const difference = paise(a) - paise(b);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

/** Deposits to match against the bank statement: UTR or hash, receipt, the source account. */
export function DepositQueue() {
  const { list, action, exportAll } = useReviewQueue(
    'deposits',
    fetchDepositQueue,
    { status: 'pending' } as QueueFilter,
    (decision, options) =>
      decision.approve
        ? approveDeposit(decision.item.id, options)
        : rejectDeposit(decision.item.id, decision.reason, options),
  );
  const pending = action.pendingValues;
  const queryClient = useQueryClient();
  const slaMinutes = useQueueSlaMinutes('deposits');
  const rows = list.query.data?.items ?? [];
  const tools = useQueueTools<DepositItem>({
    rows,
    stateOf: (row) => row.status,
    createdAtOf: (row) => row.createdAt,
    slaMinutes,
    askApprove: (item) => action.ask({ item, approve: true, reason: '', payoutReference: '' }),
    askReject: (item, reason) => action.ask({ item, approve: false, reason, payoutReference: '' }),
  });
  return (
    <Card
      title="Deposits"
      extra={
        <Space>
          <QueueStatusFilter list={list} states={APPROVAL_STATES} />
          <ExportCsvButton
            what="deposits"
            collect={exportAll}
            columns={[
              { header: 'id', value: (row: DepositItem) => row.id },
              { header: 'user_id', value: (row) => row.investor.userId },
              { header: 'channel', value: (row) => row.channel.name },
              { header: 'amount', value: (row) => row.amount },
              { header: 'currency', value: (row) => row.currency },
              { header: 'payer_reference', value: (row) => row.payerReference },
              { header: 'source_account', value: (row) => row.sourceAccountNumber ?? row.source.address },
              // A reversed approval credited nothing in the end: the CSV says so (ADR 0027).
              { header: 'status', value: (row) => (row.reversedAt === null ? row.status : 'reversed') },
              { header: 'reversal_entry_id', value: (row) => row.reversalEntryId },
              { header: 'entry_id', value: (row) => row.entryId },
              { header: 'created_at', value: (row) => new Date(row.createdAt).toISOString() },
              { header: 'reviewed_by', value: (row) => row.reviewedBy },
              { header: 'reject_reason', value: (row) => row.rejectReason },
            ]}
          />
        </Space>
      }
    >
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      {action.error ? <ErrorAlert title="Not decided" error={action.error} /> : null}
      <DecisionOutcome
        error={action.error}
        success={
          action.result
            ? `Deposit ${action.result.id} ${action.result.status}${action.result.entryId ? `: credited by entry ${action.result.entryId}` : ''}`
            : null
        }
      />
      <QueueFilterBar filter={list.filter} setFilter={list.setFilter} withMoney />
      <BulkDecisionBar<DepositItem>
        itemName="deposit"
        selected={tools.selected}
        reason={tools.reason}
        onReasonChange={tools.setReason}
        approve={(item) => approveDeposit(item.id)}
        reject={(item, reason) => rejectDeposit(item.id, reason)}
        onDone={async () => {
          tools.clearSelection();
          await queryClient.invalidateQueries({ queryKey: ['console-list'] });
          await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }}
      />
      <KeyboardHint slaMinutes={slaMinutes} />
      <CursorReviewTable<DepositItem>
        list={list}
        emptyText="No deposit in this state."
        rowSelection={tools.rowSelection}
        rowClassName={tools.rowClassName}
        columns={[
          itemColumn<DepositItem>({
            title: 'Deposit',
            width: 110,
            name: (row) => `Deposit ${row.id}`,
            at: (row) => row.createdAt,
          }),
          investorColumn<DepositItem>((row) => row.investor, 120),
          ageColumn<DepositItem>(
            (row) => row.createdAt,
            (row) => row.status,
            slaMinutes,
          ),
          {
            title: 'Amount, channel, reference',
            key: 'amount',
            width: 170,
            // Sorts the page shown; the filters above ask the server.
            sorter: (a, b) => compareAmounts(a.amount, b.amount),
            render: (_value, row) => (
              <>
                <div className="amount">{amountIn(row.amount, row.currency)}</div>
                <Tag>{row.channel.kind.toUpperCase()}</Tag>
                <Typography.Text type="secondary">{row.channel.name}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">
                    {REFERENCE_LABEL[row.channel.payerReference]}{' '}
                  </Typography.Text>
                  <Typography.Text className="id-number" copyable>
                    {row.payerReference}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          {
            title: 'Receipt',
            key: 'receipt',
            width: 120,
            render: (_value, row) => <EvidenceImage uploadId={row.receiptImage} label="Receipt" />,
          },
          {
            title: 'Paid from',
            key: 'source',
            width: 160,
            render: (_value, row) => (
              <DestinationCell destination={row.source} fullNumber={row.sourceAccountNumber} />
            ),
          },
          stateColumn<DepositItem>(reviewedDecision, 100),
          {
            title: 'Money',
            key: 'money',
            width: 110,
            render: (_value, row) =>
              row.reversedAt !== null ? (
                <Tag color="red">Reversed by entry {row.reversalEntryId}</Tag>
              ) : row.secondApproval ? (
                <Tag color="gold">
                  Approved once by {row.secondApproval.requestedBy}: a second approver credits
                </Tag>
              ) : row.entryId ? (
                <Tag color="green">Credited</Tag>
              ) : (
                '—'
              ),
          },
          decideColumn<DepositItem>({
            decisionOf: reviewedDecision,
            controls: (row) => ({ itemLabel: `deposit ${row.id}`, approveText: 'Approve and credit' }),
            ask: action.ask,
          }),
        ]}
      />
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pending?.approve
            ? `Approve deposit ${pending.item.id}?`
            : `Reject deposit ${pending?.item.id ?? ''}?`
        }
        okText={pending?.approve ? 'Approve and credit' : 'Reject'}
        danger={pending?.approve ?? false}
        reason={reasonOnRecord(pending)}
      >
        <p>
          {pending?.approve
            ? `Credits ${amountIn(pending.item.amount, pending.item.currency)} to the cash of ${investorLabel(pending.item.investor)}. Check that ${REFERENCE_LABEL[pending.item.channel.payerReference]} ${pending.item.payerReference} is on the statement, paid from ${pending.item.sourceAccountNumber ?? pending.item.source.address}.`
            : 'Nothing was credited; the investor reads the reason.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
