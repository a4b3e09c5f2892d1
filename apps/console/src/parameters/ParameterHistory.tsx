import { Table, Typography } from 'antd';
import { type AuditFilter, fetchAudit } from '../api/console-calls';
import { formatIstDateTime } from '../shared/format';
import { useServerPage } from '../shared/use-server-page';

const snapshotValue = (snapshot: unknown) =>
  JSON.stringify((snapshot as { value?: unknown } | null)?.value ?? snapshot ?? '');

/** A parameter's changes, from the audit log. */
export function ParameterHistory({ name }: { name: string }) {
  const list = useServerPage(
    'parameter-history',
    fetchAudit,
    {
      targetType: 'parameter',
      targetId: name,
      action: 'parameter.update',
    } as AuditFilter,
    5,
  );
  return (
    <section className="drawer-section">
      <Typography.Title level={5}>History</Typography.Title>
      <Table
        size="small"
        rowKey="id"
        scroll={{ x: 640 }}
        loading={list.query.isFetching}
        dataSource={list.query.data?.items ?? []}
        pagination={{ ...list.pagination, showSizeChanger: false }}
        locale={{ emptyText: 'Never changed: the default applies.' }}
        columns={[
          { title: 'When', dataIndex: 'at', width: 190, render: (at: number) => formatIstDateTime(at) },
          { title: 'Who', dataIndex: 'actorName' },
          { title: 'Before', dataIndex: 'before', render: snapshotValue },
          { title: 'After', dataIndex: 'after', render: snapshotValue },
          { title: 'Reason', dataIndex: 'reason' },
        ]}
      />
    </section>
  );
}
