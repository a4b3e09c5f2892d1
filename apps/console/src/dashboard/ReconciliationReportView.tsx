import { Alert, Descriptions, Table, Typography } from 'antd';
import type { ReconciliationReport } from '../api/console-calls';
import { formatIstDateTime } from '../shared/format';

type CurrencyTotal = ReconciliationReport['totalsByCurrency'][number];
type Problem = ReconciliationReport['problems'][number];

const totalColumns = [
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  {
    // Double entry: every currency's postings sum to zero, in minor units (paise for INR).
    title: 'Sum of all postings, minor units (must be 0)',
    dataIndex: 'sum',
    key: 'sum',
    align: 'right' as const,
    render: (sum: string) => (
      <Typography.Text className="amount" type={sum === '0' ? undefined : 'danger'}>
        {sum}
      </Typography.Text>
    ),
  },
];

const problemColumns = [
  { title: 'Kind', dataIndex: 'kind', key: 'kind', width: 200 },
  { title: 'Detail', dataIndex: 'detail', key: 'detail' },
];

/** A reconciliation report: the verdict, what was checked, the totals and each problem found. */
export function ReconciliationReportView({ report }: { report: ReconciliationReport }) {
  const problemCount = report.problems.length;
  return (
    <div className="reconciliation-report">
      {report.ok ? (
        <Alert type="success" showIcon title="The ledger reconciles" description="No problems found." />
      ) : (
        <Alert
          type="error"
          showIcon
          title={`${problemCount} ${problemCount === 1 ? 'problem' : 'problems'} found`}
          description="Each one is listed below. Correct with a reversing entry; postings are never edited."
        />
      )}
      <Descriptions
        size="small"
        column={4}
        items={[
          { key: 'checkedAt', label: 'Checked at', children: formatIstDateTime(report.checkedAt), span: 4 },
          { key: 'accounts', label: 'Accounts', children: report.accounts },
          { key: 'entries', label: 'Entries', children: report.entries },
          { key: 'postings', label: 'Postings', children: report.postings },
        ]}
      />
      <Typography.Title level={5}>Totals by currency</Typography.Title>
      <Table<CurrencyTotal>
        size="small"
        pagination={false}
        rowKey="currency"
        columns={totalColumns}
        dataSource={report.totalsByCurrency}
        locale={{ emptyText: 'No postings yet' }}
      />
      {problemCount > 0 ? (
        <>
          <Typography.Title level={5}>Problems</Typography.Title>
          <Table<Problem>
            size="small"
            pagination={problemCount > 20 ? { pageSize: 20 } : false}
            rowKey={(problem) => `${problem.kind}:${problem.detail}`}
            columns={problemColumns}
            dataSource={report.problems}
          />
        </>
      ) : null}
    </div>
  );
}
