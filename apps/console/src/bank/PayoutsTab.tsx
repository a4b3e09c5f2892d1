import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  exportPayouts,
  fetchPayoutBatches,
  fetchPayoutBatchFile,
  fetchStatements,
  type PayoutBatch,
  recordPayoutsFromStatement,
} from '../api/bank-statement-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { downloadCsv } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

type BatchItem = PayoutBatch['items'][number];

/**
 * Payouts in bulk (ADR 0032): export the withdrawals ready to pay as the bank's bulk payment file,
 * then record each payout's UTR from the statement's debits (all or nothing).
 */
export function PayoutsTab() {
  const queryClient = useQueryClient();
  const batches = useQuery({ queryKey: ['payout-batches'], queryFn: fetchPayoutBatches });
  const statements = useQuery({ queryKey: ['bank-statements'], queryFn: fetchStatements });
  const [exportReason, setExportReason] = useState('');
  const [statementId, setStatementId] = useState<string>();
  const [recordReason, setRecordReason] = useState('');
  const exporting = useConfirmedAction(async (reason: string, options) => {
    const exported = await exportPayouts({ reason }, options);
    downloadCsv(exported.fileName, exported.csv);
    // A reason is for one export: the next one asks for its own, as every other staff act does.
    setExportReason('');
    await queryClient.invalidateQueries();
    return exported;
  });
  const recording = useConfirmedAction(async (values: { statementId: string; reason: string }, options) => {
    const recorded = await recordPayoutsFromStatement(values, options);
    setRecordReason('');
    await queryClient.invalidateQueries();
    return recorded;
  });
  const download = async (batchId: string) => {
    const file = await fetchPayoutBatchFile(batchId);
    downloadCsv(file.fileName, file.csv);
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Bulk payment file">
        <Typography.Paragraph type="secondary">
          Holds every pending withdrawal to a bank account whose approvals are in but for the paying one, not
          exported before. Upload it to the bank's bulk payment portal; a withdrawal is never exported twice.
        </Typography.Paragraph>
        {exporting.error ? <ErrorAlert title="Nothing exported" error={exporting.error} /> : null}
        {exporting.result ? (
          <Alert
            type="success"
            showIcon
            className="result-panel"
            title={`Exported ${exporting.result.batch.itemCount} payout${exporting.result.batch.itemCount === 1 ? '' : 's'}, ${formatRupees(exporting.result.batch.total)}: ${exporting.result.fileName}`}
          />
        ) : null}
        <Space.Compact style={{ width: '100%' }}>
          <Input
            placeholder="Reason"
            aria-label="Reason for the export"
            maxLength={REASON_MAX_LENGTH}
            value={exportReason}
            onChange={(event) => setExportReason(event.target.value)}
          />
          <Button
            type="primary"
            disabled={exportReason.trim().length < REASON_MIN_LENGTH}
            onClick={() => exporting.ask(exportReason.trim())}
          >
            Export payouts ready to pay
          </Button>
        </Space.Compact>
      </Card>
      <Card title="Record UTRs from a statement">
        <Typography.Paragraph type="secondary">
          Each debit whose narration names a payment reference (NVW and the withdrawal number) and whose
          amount equals the net sent completes that withdrawal with the debit's reference as its UTR. Any
          mismatch, missing or repeated UTR, or UTR already used refuses the whole statement.
        </Typography.Paragraph>
        {recording.error ? <ErrorAlert title="No payout recorded" error={recording.error} /> : null}
        {recording.result ? (
          <Alert
            type="success"
            showIcon
            className="result-panel"
            title={`${recording.result.paid.length} payout${recording.result.paid.length === 1 ? '' : 's'} recorded as paid`}
            description={
              <>
                {recording.result.paid.map((paid) => (
                  <div key={paid.withdrawalId}>
                    Withdrawal {paid.withdrawalId}: UTR {paid.utr}, {formatRupees(paid.amount)} (line{' '}
                    {paid.lineNumber})
                  </div>
                ))}
                <div>
                  Debits not matched: {recording.result.unmatchedLines.length}; exported payouts still unpaid:{' '}
                  {recording.result.unpaidPayouts.length}
                </div>
              </>
            }
          />
        ) : null}
        <Space.Compact style={{ width: '100%' }}>
          <Select
            style={{ width: 360 }}
            aria-label="Statement"
            placeholder="Statement"
            value={statementId}
            onChange={setStatementId}
            options={(statements.data?.items ?? []).map((statement) => ({
              value: statement.id,
              label: `${statement.id}: ${statement.bankName}, ${statement.firstDate} to ${statement.lastDate} (${statement.debitCount} debits)`,
            }))}
          />
          <Input
            placeholder="Reason"
            aria-label="Reason for recording the payouts"
            maxLength={REASON_MAX_LENGTH}
            value={recordReason}
            onChange={(event) => setRecordReason(event.target.value)}
          />
          <Button
            type="primary"
            disabled={!statementId || recordReason.trim().length < REASON_MIN_LENGTH}
            onClick={() => statementId && recording.ask({ statementId, reason: recordReason.trim() })}
          >
            Record payouts
          </Button>
        </Space.Compact>
      </Card>
      <Card title="Files exported">
        {batches.error ? <ErrorAlert error={batches.error} /> : null}
        <Table<PayoutBatch>
          rowKey="id"
          size="small"
          loading={batches.isFetching}
          pagination={false}
          dataSource={batches.data?.items ?? []}
          locale={{ emptyText: 'No bulk payment file exported yet.' }}
          expandable={{
            expandedRowRender: (batch) => (
              <Table<BatchItem>
                rowKey="withdrawalId"
                size="small"
                pagination={false}
                dataSource={batch.items}
                columns={[
                  { title: 'Withdrawal', dataIndex: 'withdrawalId' },
                  { title: 'Payment reference', dataIndex: 'paymentReference' },
                  { title: 'Beneficiary', dataIndex: 'beneficiaryName' },
                  {
                    title: 'Account',
                    key: 'account',
                    render: (_, item) => `${item.accountNumber} · ${item.ifsc}`,
                  },
                  {
                    title: 'Amount',
                    key: 'amount',
                    align: 'right',
                    render: (_, item) => formatRupees(item.amount),
                  },
                  {
                    title: 'Paid',
                    key: 'paid',
                    render: (_, item) =>
                      item.status === 'approved' ? (
                        <Tag color="green">UTR {item.payoutReference}</Tag>
                      ) : (
                        <Tag>{item.status === 'pending' ? 'not yet' : item.status}</Tag>
                      ),
                  },
                ]}
              />
            ),
          }}
          columns={[
            { title: 'File', dataIndex: 'id', width: 80 },
            { title: 'Payouts', dataIndex: 'itemCount', width: 90 },
            { title: 'Total', key: 'total', align: 'right', render: (_, batch) => formatRupees(batch.total) },
            {
              title: 'Paid',
              key: 'paid',
              render: (_, batch) =>
                `${batch.items.filter((item) => item.status === 'approved').length} of ${batch.items.length}`,
            },
            {
              title: 'Exported',
              key: 'exported',
              render: (_, batch) => `${batch.exportedBy}, ${formatIstDateTime(batch.exportedAt)}`,
            },
            {
              title: '',
              key: 'download',
              width: 120,
              render: (_, batch) => (
                <Button size="small" onClick={() => void download(batch.id)}>
                  Download
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <ConfirmActionModal
        {...confirmDialogProps(exporting)}
        title="Export the payouts ready to pay?"
        okText="Export the file"
        reason={exporting.pendingValues ?? undefined}
      >
        <p>Makes one bulk payment file; each withdrawal in it is never exported again.</p>
      </ConfirmActionModal>
      <ConfirmActionModal
        {...confirmDialogProps(recording)}
        title={`Record the payouts paid on statement ${recording.pendingValues?.statementId ?? ''}?`}
        okText="Record as paid"
        danger
        reason={recording.pendingValues?.reason}
      >
        <p>Completes each matched withdrawal with its UTR: the held money leaves the investor's account.</p>
      </ConfirmActionModal>
    </Space>
  );
}
