import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  approveMatchedDeposits,
  fetchStatementMatches,
  fetchStatements,
  type MatchedPair,
  type StatementMatches,
  type StatementSummary,
} from '../api/bank-statement-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { StatementUpload } from './StatementUpload';

type Line = MatchedPair['line'];
type Deposit = MatchedPair['deposit'];

/** Sums API decimal strings as paise (no floating point) and answers a decimal string. */
function sumAmounts(amounts: readonly string[]): string {
  const paise = amounts.reduce((sum, amount) => {
    const [whole = '0', fraction = ''] = amount.split('.');
    return sum + BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  }, 0n);
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
}

function LineCell({ line }: { line: Line }) {
  return (
    <div className="statement-line">
      <Typography.Text type="secondary">
        Line {line.lineNumber} · {line.date}
      </Typography.Text>
      <div>{line.narration}</div>
      <Typography.Text code>{line.reference || '—'}</Typography.Text>
    </div>
  );
}

function DepositCell({ deposit }: { deposit: Deposit }) {
  return (
    <div>
      <Typography.Text type="secondary">
        Deposit {deposit.id} · {formatIstDateTime(deposit.createdAt)}
      </Typography.Text>
      <div>{deposit.investor}</div>
      <Typography.Text code>UTR {deposit.payerReference}</Typography.Text>
    </div>
  );
}

const pairColumns = [
  {
    title: 'Statement line',
    key: 'line',
    render: (_: unknown, pair: MatchedPair) => <LineCell line={pair.line} />,
  },
  {
    title: 'Credit',
    key: 'credit',
    width: 140,
    align: 'right' as const,
    render: (_: unknown, pair: MatchedPair) => (
      <span className="amount">{formatRupees(pair.line.credit)}</span>
    ),
  },
  {
    title: 'Deposit reported',
    key: 'deposit',
    render: (_: unknown, pair: MatchedPair) => <DepositCell deposit={pair.deposit} />,
  },
  {
    title: 'Amount',
    key: 'amount',
    width: 140,
    align: 'right' as const,
    render: (_: unknown, pair: MatchedPair) => (
      <span className="amount">{formatRupees(pair.deposit.amount)}</span>
    ),
  },
];

interface BulkApproval {
  pairs: MatchedPair[];
  reason: string;
}

/** One statement's credits beside the deposits they match, with the bulk approval. */
function StatementMatching({ statement }: { statement: StatementSummary }) {
  const queryClient = useQueryClient();
  const matches = useQuery({
    queryKey: ['bank-statements', statement.id, 'matches'],
    queryFn: () => fetchStatementMatches(statement.id),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const approval = useConfirmedAction(async (bulk: BulkApproval, options) => {
    const answer = await approveMatchedDeposits(
      {
        statementId: statement.id,
        pairs: bulk.pairs.map((pair) => ({ lineId: pair.line.id, depositId: pair.deposit.id })),
        reason: bulk.reason,
      },
      options,
    );
    setSelected([]);
    await queryClient.invalidateQueries();
    return answer;
  });
  const data: StatementMatches | undefined = matches.data;
  const approvable = [...(data?.matched ?? []), ...(data?.awaitingSecondApproval ?? [])];
  const chosen = approvable.filter((pair) => selected.includes(pair.line.id));
  const ready = chosen.length > 0 && reason.trim().length >= REASON_MIN_LENGTH;
  const pending = approval.pendingValues;
  const approvedCount =
    approval.result?.results.filter((result) => result.outcome === 'approved').length ?? 0;
  const requestedCount = (approval.result?.results.length ?? 0) - approvedCount;
  return (
    <Card
      title={`Statement ${statement.id}: ${statement.bankName}, ${statement.firstDate} to ${statement.lastDate}`}
      extra={<Typography.Text type="secondary">{statement.fileName}</Typography.Text>}
    >
      {matches.error ? <ErrorAlert error={matches.error} /> : null}
      {approval.error ? <ErrorAlert title="Nothing approved" error={approval.error} /> : null}
      {approval.result ? (
        <Alert
          type="success"
          showIcon
          className="result-panel"
          title={`${approvedCount} deposit${approvedCount === 1 ? '' : 's'} approved and credited${requestedCount > 0 ? `; ${requestedCount} above the threshold wait for a second staff member` : ''}`}
        />
      ) : null}
      <Typography.Title level={5}>Matched by UTR and exact amount</Typography.Title>
      <Table<MatchedPair>
        rowKey={(pair) => pair.line.id}
        size="small"
        loading={matches.isFetching}
        pagination={false}
        dataSource={approvable}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (pair) => ({ 'aria-label': `Select line ${pair.line.lineNumber}` }),
        }}
        columns={[
          ...pairColumns,
          {
            title: 'State',
            key: 'state',
            width: 200,
            render: (_: unknown, pair: MatchedPair) =>
              pair.deposit.secondApprovalBy ? (
                <Tag color="orange">
                  Approved once by {pair.deposit.secondApprovalBy}: needs a second member
                </Tag>
              ) : (
                <Tag color="green">Matched</Tag>
              ),
          },
        ]}
        locale={{ emptyText: 'No credit of this statement matches a pending deposit.' }}
      />
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input
          placeholder="Reason (recorded with each approval)"
          aria-label="Reason for the bulk approval"
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          type="primary"
          disabled={!ready}
          onClick={() => approval.ask({ pairs: chosen, reason: reason.trim() })}
        >
          Approve selected ({chosen.length})
        </Button>
      </Space.Compact>

      {data && data.amountMismatches.length > 0 ? (
        <>
          <Typography.Title level={5}>UTR found, amount differs: never approved from here</Typography.Title>
          <Table<MatchedPair>
            rowKey={(pair) => pair.line.id}
            size="small"
            pagination={false}
            dataSource={data.amountMismatches}
            columns={pairColumns}
            rowClassName={() => 'row-overdue'}
          />
        </>
      ) : null}
      {data && data.ambiguous.length > 0 ? (
        <>
          <Typography.Title level={5}>
            One UTR on several lines or deposits: decide in the deposit queue
          </Typography.Title>
          {data.ambiguous.map((group) => (
            <Alert
              key={group.lines.map((line) => line.id).join('-')}
              type="warning"
              showIcon
              title={`Lines ${group.lines.map((line) => line.lineNumber).join(', ')} and deposits ${group.deposits.map((deposit) => deposit.id).join(', ')}`}
            />
          ))}
        </>
      ) : null}
      {data && data.amountCandidates.length > 0 ? (
        <>
          <Typography.Title level={5}>Same amount, no UTR: candidates only, never matched</Typography.Title>
          <Table
            rowKey={(candidate) => candidate.line.id}
            size="small"
            pagination={false}
            dataSource={data.amountCandidates}
            columns={[
              {
                title: 'Statement line',
                key: 'line',
                render: (_, candidate) => <LineCell line={candidate.line} />,
              },
              {
                title: 'Credit',
                key: 'credit',
                align: 'right',
                render: (_, candidate) => formatRupees(candidate.line.credit),
              },
              {
                title: 'Pending deposits of that amount',
                key: 'deposits',
                render: (_, candidate) =>
                  candidate.deposits.map((deposit) => (
                    <div key={deposit.id}>
                      {deposit.id} · {deposit.investor} · UTR {deposit.payerReference}
                    </div>
                  )),
              },
            ]}
          />
        </>
      ) : null}
      <div className="side-by-side">
        <div>
          <Typography.Title level={5}>
            Credits not matched ({data?.unmatchedLines.length ?? 0})
          </Typography.Title>
          <Table<Line>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={data?.unmatchedLines ?? []}
            columns={[
              { title: 'Line', key: 'line', render: (_, line) => <LineCell line={line} /> },
              {
                title: 'Credit',
                key: 'credit',
                align: 'right',
                render: (_, line) => formatRupees(line.credit),
              },
            ]}
          />
        </div>
        <div>
          <Typography.Title level={5}>
            Pending deposits not on this statement ({data?.unmatchedDeposits.length ?? 0})
          </Typography.Title>
          <Table<Deposit>
            rowKey="id"
            size="small"
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={data?.unmatchedDeposits ?? []}
            columns={[
              { title: 'Deposit', key: 'deposit', render: (_, deposit) => <DepositCell deposit={deposit} /> },
              {
                title: 'Amount',
                key: 'amount',
                align: 'right',
                render: (_, deposit) => formatRupees(deposit.amount),
              },
            ]}
          />
        </div>
      </div>
      {data && data.settled.length > 0 ? (
        <Typography.Paragraph type="secondary">
          {data.settled.length} line{data.settled.length === 1 ? '' : 's'} of this statement already decided.
        </Typography.Paragraph>
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(approval)}
        title={`Approve ${pending?.pairs.length ?? 0} deposits from the statement?`}
        okText="Approve and credit"
        danger
        reason={pending?.reason}
      >
        <p>
          Credits {formatRupees(sumAmounts(pending?.pairs.map((pair) => pair.deposit.amount) ?? []))} to{' '}
          {pending?.pairs.length ?? 0} investors. A deposit above the second-approver threshold is not
          credited yet: it waits for another staff member (who approves it here or in Approvals).
        </p>
      </ConfirmActionModal>
    </Card>
  );
}

/** Statements uploaded, the upload form, and the matching of the one chosen. */
export function StatementsTab() {
  const statements = useQuery({ queryKey: ['bank-statements'], queryFn: fetchStatements });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const items = statements.data?.items ?? [];
  const chosen = items.find((statement) => statement.id === chosenId) ?? null;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Upload a statement">
        <StatementUpload onUploaded={(statement) => setChosenId(statement.id)} />
      </Card>
      <Card title="Statements uploaded">
        {statements.error ? <ErrorAlert error={statements.error} /> : null}
        <Table<StatementSummary>
          rowKey="id"
          size="small"
          loading={statements.isFetching}
          pagination={{ pageSize: 5, hideOnSinglePage: true }}
          dataSource={items}
          rowClassName={(row) => (row.id === chosenId ? 'ant-table-row-selected' : '')}
          onRow={(row) => ({ onClick: () => setChosenId(row.id) })}
          locale={{ emptyText: <Empty description="No statement uploaded yet." /> }}
          columns={[
            { title: 'Statement', dataIndex: 'id', width: 100 },
            { title: 'Bank', dataIndex: 'bankName' },
            { title: 'Period', key: 'period', render: (_, row) => `${row.firstDate} to ${row.lastDate}` },
            { title: 'File', dataIndex: 'fileName' },
            {
              title: 'Credits',
              key: 'credits',
              align: 'right',
              render: (_, row) => `${row.creditCount} · ${formatRupees(row.creditTotal)}`,
            },
            {
              title: 'Debits',
              key: 'debits',
              align: 'right',
              render: (_, row) => `${row.debitCount} · ${formatRupees(row.debitTotal)}`,
            },
            { title: 'Matched', dataIndex: 'matchedCount', width: 90 },
            {
              title: 'Uploaded',
              key: 'uploaded',
              render: (_, row) => `${row.uploadedBy}, ${formatIstDateTime(row.uploadedAt)}`,
            },
            {
              title: '',
              key: 'open',
              width: 90,
              render: (_, row) => (
                <Button size="small" onClick={() => setChosenId(row.id)}>
                  Match
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {chosen ? <StatementMatching key={chosen.id} statement={chosen} /> : null}
    </Space>
  );
}
