import { useQueryClient } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import { approveKyc, fetchKycQueue, type KycItem, type QueueFilter, rejectKyc } from '../api/review-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { confirmDialogProps } from '../shared/use-confirmed-action';
import { EvidenceImage } from './EvidenceImage';
import {
  ageColumn,
  BulkDecisionBar,
  KeyboardHint,
  QueueFilterBar,
  useQueueSlaMinutes,
  useQueueTools,
} from './QueueTools';
import { DecisionOutcome } from './ReviewParts';
import { CursorReviewTable } from './ReviewTable';
import { decideColumn, investorColumn, itemColumn, reviewedDecision, stateColumn } from './review-columns';
import { QueueStatusFilter } from './StateFilter';
import { reasonOnRecord } from './use-review-decision';
import { useReviewQueue } from './use-review-queue';

const KYC_STATES = [
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'rejected', label: 'Rejected' },
] as const;
const ID_TYPES: Record<string, string> = { pan: 'PAN', aadhaar: 'Aadhaar' };

/** KYC submissions: the images of both sides, the name and the ID number (Aadhaar masked). */
export function KycQueue() {
  const { list, action, exportAll } = useReviewQueue(
    'kyc',
    fetchKycQueue,
    { status: 'pending' } as QueueFilter,
    (decision, options) =>
      decision.approve
        ? approveKyc(decision.item.id, options)
        : rejectKyc(decision.item.id, decision.reason, options),
  );
  const queryClient = useQueryClient();
  const slaMinutes = useQueueSlaMinutes('kyc');
  const tools = useQueueTools<KycItem>({
    rows: list.query.data?.items ?? [],
    stateOf: (row) => row.status,
    createdAtOf: (row) => row.submittedAt,
    slaMinutes,
    askApprove: (item) => action.ask({ item, approve: true, reason: '', payoutReference: '' }),
    askReject: (item, reason) => action.ask({ item, approve: false, reason, payoutReference: '' }),
  });
  const pending = action.pendingValues;
  return (
    <Card
      title="KYC submissions"
      extra={
        <Space>
          <QueueStatusFilter list={list} states={KYC_STATES} />
          <ExportCsvButton
            what="kyc"
            collect={exportAll}
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
      <QueueFilterBar filter={list.filter} setFilter={list.setFilter} withMoney={false} />
      <BulkDecisionBar<KycItem>
        itemName="KYC submission"
        selected={tools.selected}
        reason={tools.reason}
        onReasonChange={tools.setReason}
        approve={(item) => approveKyc(item.id)}
        reject={(item, reason) => rejectKyc(item.id, reason)}
        onDone={async () => {
          tools.clearSelection();
          await queryClient.invalidateQueries({ queryKey: ['console-list'] });
          await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
        }}
      />
      <KeyboardHint slaMinutes={slaMinutes} />
      <CursorReviewTable<KycItem>
        list={list}
        rowSelection={tools.rowSelection}
        rowClassName={tools.rowClassName}
        emptyText="No KYC submission in this state."
        columns={[
          itemColumn<KycItem>({
            title: 'Submission',
            width: 120,
            name: (row) => `KYC ${row.id}`,
            at: (row) => row.submittedAt,
          }),
          investorColumn<KycItem>((row) => row.investor, 140),
          ageColumn<KycItem>(
            (row) => row.submittedAt,
            (row) => row.status,
            slaMinutes,
          ),
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
          stateColumn<KycItem>(reviewedDecision, 110),
          decideColumn<KycItem>({
            decisionOf: reviewedDecision,
            controls: (row) => ({ itemLabel: `KYC ${row.id}`, approveText: 'Verify' }),
            ask: action.ask,
          }),
        ]}
      />
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={pending?.approve ? `Verify KYC ${pending.item.id}?` : `Reject KYC ${pending?.item.id ?? ''}?`}
        okText={pending?.approve ? 'Verify' : 'Reject'}
        danger={!pending?.approve}
        reason={reasonOnRecord(pending, '— (a verification records who and when)')}
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
