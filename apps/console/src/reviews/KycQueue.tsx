import { Card, Space, Table, Typography } from 'antd';
import { approveKyc, fetchKycQueue, type KycItem, type QueueFilter, rejectKyc } from '../api/review-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { collectAllCursorPages, useCursorPage } from '../shared/use-cursor-page';
import { CursorPager } from './CursorPager';
import { DecisionControls } from './DecisionControls';
import { EvidenceImage } from './EvidenceImage';
import { DecisionOutcome, InvestorCell, StateTag, When } from './ReviewParts';
import { StateFilter } from './StateFilter';
import { useReviewDecision } from './use-review-decision';

type KycState = 'pending' | 'verified' | 'rejected';
const ID_TYPES: Record<string, string> = { pan: 'PAN', aadhaar: 'Aadhaar' };

/** KYC submissions: the images of both sides, the name and the ID number (Aadhaar masked). */
export function KycQueue() {
  const list = useCursorPage('kyc', fetchKycQueue, { status: 'pending' } as QueueFilter);
  const action = useReviewDecision<KycItem, KycItem>((decision, options) =>
    decision.approve
      ? approveKyc(decision.item.id, options)
      : rejectKyc(decision.item.id, decision.reason, options),
  );
  const pending = action.pendingValues;
  const items = list.query.data?.items ?? [];
  return (
    <Card
      title="KYC submissions"
      extra={
        <Space>
          <StateFilter<KycState>
            value={(list.filter.status as KycState | undefined) ?? 'pending'}
            onChange={(status) => list.setFilter({ status })}
            states={[
              { value: 'pending', label: 'Pending' },
              { value: 'verified', label: 'Verified' },
              { value: 'rejected', label: 'Rejected' },
            ]}
          />
          <ExportCsvButton
            what="kyc"
            collect={() => collectAllCursorPages(fetchKycQueue, list.filter)}
            columns={[
              { header: 'id', value: (row: KycItem) => row.id },
              { header: 'user_id', value: (row) => row.investor.userId },
              { header: 'phone', value: (row) => row.investor.phone },
              { header: 'real_name', value: (row) => row.realName },
              { header: 'id_type', value: (row) => row.idType },
              { header: 'id_number', value: (row) => row.idNumber },
              { header: 'status', value: (row) => row.status },
              { header: 'reject_reason', value: (row) => row.rejectReason },
              { header: 'submitted_at', value: (row) => new Date(row.submittedAt).toISOString() },
              { header: 'reviewed_by', value: (row) => row.reviewedBy },
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
          action.result ? `KYC ${action.result.id} ${action.result.status}: ${action.result.realName}` : null
        }
      />
      <Table<KycItem>
        className="section-table"
        rowKey="id"
        tableLayout="fixed"
        loading={list.query.isFetching}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'No KYC submission in this state.' }}
        columns={[
          {
            title: 'Submission',
            key: 'id',
            width: 120,
            render: (_value, row) => (
              <>
                <div>KYC {row.id}</div>
                <When atMs={row.submittedAt} />
              </>
            ),
          },
          {
            title: 'Investor',
            key: 'investor',
            width: 140,
            render: (_value, row) => <InvestorCell {...row.investor} />,
          },
          {
            title: 'Name and ID',
            key: 'identity',
            width: 160,
            render: (_value, row) => (
              <>
                <div className="review-name">{row.realName}</div>
                <Typography.Text type="secondary">{ID_TYPES[row.idType] ?? row.idType} </Typography.Text>
                <span className="id-number">{row.idNumber}</span>
              </>
            ),
          },
          {
            title: 'Images',
            key: 'images',
            width: 260,
            render: (_value, row) => (
              <Space size="small" align="start">
                <EvidenceImage uploadId={row.frontImage} label="Front" />
                <EvidenceImage uploadId={row.backImage} label="Back" />
              </Space>
            ),
          },
          {
            title: 'State',
            key: 'state',
            width: 110,
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
                  itemLabel={`KYC ${row.id}`}
                  approveText="Verify"
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
        title={pending?.approve ? `Verify KYC ${pending.item.id}?` : `Reject KYC ${pending?.item.id ?? ''}?`}
        okText={pending?.approve ? 'Verify' : 'Reject'}
        danger={!pending?.approve}
        running={action.running}
        reason={
          pending?.approve ? pending.reason || '— (a verification records who and when)' : pending?.reason
        }
        onConfirm={action.confirm}
        onCancel={action.cancel}
      >
        <p>
          {pending?.approve
            ? `The investor's name becomes "${pending.item.realName}" (${ID_TYPES[pending.item.idType]} ${pending.item.idNumber}); deposits, bank cards and withdrawals open to them.`
            : 'The investor reads the reason and may submit again.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
