import { Table, Tag, Typography } from 'antd';
import type { AuditRow } from '../api/console-calls';
import type { CsvColumn } from '../shared/csv';
import { formatIstDateTime } from '../shared/format';

export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'at_utc', value: (row) => new Date(row.at).toISOString() },
  { header: 'actor_type', value: (row) => row.actorType },
  { header: 'actor_id', value: (row) => row.actorId },
  { header: 'actor_name', value: (row) => row.actorName },
  { header: 'action', value: (row) => row.action },
  { header: 'target_type', value: (row) => row.targetType },
  { header: 'target_id', value: (row) => row.targetId },
  { header: 'before', value: (row) => (row.before === null ? '' : JSON.stringify(row.before)) },
  { header: 'after', value: (row) => (row.after === null ? '' : JSON.stringify(row.after)) },
  { header: 'reason', value: (row) => row.reason },
  { header: 'request_id', value: (row) => row.requestId },
  { header: 'ip', value: (row) => row.ip },
];

const snapshot = (value: unknown) =>
  value === null || value === undefined ? '—' : <code className="audit-json">{JSON.stringify(value)}</code>;

interface AuditTableProps {
  rows: AuditRow[];
  loading: boolean;
  pagination: object;
}

/** Audit rows: who did what to which target, when, why; before and after under each row. */
export function AuditTable({ rows, loading, pagination }: AuditTableProps) {
  return (
    <Table<AuditRow>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={rows}
      pagination={pagination}
      expandable={{
        expandedRowRender: (row) => (
          <div className="audit-detail">
            <div>
              <Typography.Text type="secondary">Reason</Typography.Text> {row.reason ?? '—'}
            </div>
            <div>
              <Typography.Text type="secondary">Before</Typography.Text> {snapshot(row.before)}
            </div>
            <div>
              <Typography.Text type="secondary">After</Typography.Text> {snapshot(row.after)}
            </div>
            <div>
              <Typography.Text type="secondary">Request</Typography.Text> {row.requestId ?? '—'} from{' '}
              {row.ip ?? '—'}
            </div>
          </div>
        ),
      }}
      columns={[
        { title: 'When', dataIndex: 'at', width: 210, render: (at: number) => formatIstDateTime(at) },
        {
          title: 'Who',
          key: 'actor',
          render: (_value, row) =>
            `${row.actorName ?? row.actorType}${row.actorId && !row.actorName ? ` ${row.actorId}` : ''}`,
        },
        {
          title: 'Action',
          dataIndex: 'action',
          render: (action: string) => <Tag className="audit-action">{action}</Tag>,
        },
        {
          title: 'Target',
          key: 'target',
          render: (_value, row) => (row.targetType ? `${row.targetType} ${row.targetId ?? ''}` : '—'),
        },
        {
          title: 'Reason',
          dataIndex: 'reason',
          ellipsis: true,
          render: (reason: string | null) => reason ?? '—',
        },
      ]}
    />
  );
}
