import { Card, Space, Table, Tag, Typography } from 'antd';
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
import { collectAllCursorPages, useCursorPage } from '../shared/use-cursor-page';
import { CursorPager } from './CursorPager';
import { DecisionControls } from './DecisionControls';
import { DestinationCell } from './DestinationCell';
import { EvidenceImage } from './EvidenceImage';
import { DecisionOutcome, InvestorCell, StateTag, When } from './ReviewParts';
import { StateFilter } from './StateFilter';
import { useReviewDecision } from './use-review-decision';

type State = 'pending' | 'approved' | 'rejected';
const REFERENCE_LABEL = { utr: 'UTR', tx_hash: 'Tx hash' } as const;

/** An amount in its currency: rupees with Indian grouping, anything else as sent. */
export function amountIn(amount: string, currency: string): string {
  return currency === 'INR' ? formatRupees(amount) : `${amount} ${currency}`;
}

/** Deposits to match against the bank statement: UTR or hash, receipt, the source account. */
export function DepositQueue() {
  const list = useCursorPage('deposits', fetchDepositQueue, { status: 'pending' } as QueueFilter);
  const action = useReviewDecision<DepositItem, DepositItem>((decision, options) =>
    decision.approve
      ? approveDeposit(decision.item.id, options)
      : rejectDeposit(decision.item.id, decision.reason, options),
  );
  const pending = action.pendingValues;
  const items = list.query.data?.items ?? [];
  return (
    <Card
      title="Deposits"
      extra={
        <Space>
          <StateFilter<State>
            value={(list.filter.status as State | undefined) ?? 'pending'}
            onChange={(status) => list.setFilter({ status })}
            states={[
              { value: 'pending', label: 'Pending' },
              { value: 'approved', label: 'Approved' },
              { value: 'rejected', label: 'Rejected' },
            ]}
          />
          <ExportCsvButton
            what="deposits"
            collect={() => collectAllCursorPages(fetchDepositQueue, list.filter)}
            columns={[
              { header: 'id', value: (row: DepositItem) => row.id },
              { header: 'user_id', value: (row) => row.investor.userId },
              { header: 'channel', value: (row) => row.channel.name },
              { header: 'amount', value: (row) => row.amount },
              { header: 'currency', value: (row) => row.currency },
              { header: 'payer_reference', value: (row) => row.payerReference },
              { header: 'source_account', value: (row) => row.sourceAccountNumber ?? row.source.address },
              { header: 'status', value: (row) => row.status },
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
      <Table<DepositItem>
        className="section-table"
        rowKey="id"
        tableLayout="fixed"
        loading={list.query.isFetching}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'No deposit in this state.' }}
        columns={[
          {
            title: 'Deposit',
            key: 'id',
            width: 110,
            render: (_value, row) => (
              <>
                <div>Deposit {row.id}</div>
                <When atMs={row.createdAt} />
              </>
            ),
          },
          {
            title: 'Investor',
            key: 'investor',
            width: 120,
            render: (_value, row) => <InvestorCell {...row.investor} />,
          },
          {
            title: 'Amount, channel, reference',
            key: 'amount',
            width: 170,
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
            width: 130,
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
          {
            title: 'State',
            key: 'state',
            width: 100,
            render: (_value, row) => (
              <>
                <StateTag state={row.status} by={row.reviewedBy} />
                {row.rejectReason ? <div className="request-reason">“{row.rejectReason}”</div> : null}
              </>
            ),
          },
          {
            title: 'Decide',
            key: 'decide',
            render: (_value, row) =>
              row.status !== 'pending' ? (
                <When atMs={row.reviewedAt} />
              ) : (
                <DecisionControls
                  itemLabel={`deposit ${row.id}`}
                  approveText="Approve and credit"
                  onDecide={(decision) => action.ask({ ...decision, item: row })}
                />
              ),
          },
        ]}
      />
      <CursorPager
        pageNumber={list.pageNumber}
        shown={items.length}
        hasPrevious={list.hasPrevious}
        hasNext={list.hasNext}
        onPrevious={list.previous}
        onNext={list.next}
      />
      <ConfirmActionModal
        open={pending !== null}
        title={
          pending?.approve
            ? `Approve deposit ${pending.item.id}?`
            : `Reject deposit ${pending?.item.id ?? ''}?`
        }
        okText={pending?.approve ? 'Approve and credit' : 'Reject'}
        danger={pending?.approve ?? false}
        running={action.running}
        reason={pending?.approve ? pending.reason || '— (an approval records who and when)' : pending?.reason}
        onConfirm={action.confirm}
        onCancel={action.cancel}
      >
        <p>
          {pending?.approve
            ? `Credits ${amountIn(pending.item.amount, pending.item.currency)} to user ${pending.item.investor.userId}'s cash. Check that ${REFERENCE_LABEL[pending.item.channel.payerReference]} ${pending.item.payerReference} is on the statement, paid from ${pending.item.sourceAccountNumber ?? pending.item.source.address}.`
            : 'Nothing was credited; the investor reads the reason.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
