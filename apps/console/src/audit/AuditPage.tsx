import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { type AuditFilter, fetchAudit } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { collectAllPages } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { compactFilter, rangeToMs } from '../shared/filters';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { useServerPage } from '../shared/use-server-page';
import { AUDIT_CSV_COLUMNS, AuditTable } from './AuditTable';

interface AuditFormValues {
  actorType?: AuditFilter['actorType'];
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The audit log: every staff act and every sensitive investor act, append-only. */
function AuditLog() {
  const list = useServerPage('audit', fetchAudit, {} as AuditFilter);
  const apply = ({ range, ...values }: AuditFormValues) =>
    list.setFilter({ ...compactFilter(values), ...rangeToMs(range) } as AuditFilter);
  return (
    <Card>
      <Form<AuditFormValues> name="auditFilter" layout="inline" className="filter-form" onFinish={apply}>
        <Form.Item name="actorType" label="Actor">
          <Select
            allowClear
            placeholder="Any"
            style={{ width: 120 }}
            options={['staff', 'user', 'system', 'anonymous'].map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item name="actorId" label="Actor ID">
          <Input allowClear style={{ width: 110 }} />
        </Form.Item>
        <Form.Item
          name="action"
          label="Action"
          rules={[{ pattern: /^[a-z_.]{1,64}$/, message: 'Lower-case words with dots, e.g. user.flag' }]}
        >
          <Input allowClear placeholder="user.flag" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="targetType"
          label="Target"
          rules={[{ pattern: /^[a-z_]{1,40}$/, message: 'e.g. user, parameter' }]}
        >
          <Input allowClear placeholder="user" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="targetId" label="Target ID">
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="range" label="Days">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Filter
          </Button>
          <ExportCsvButton
            what="audit"
            columns={AUDIT_CSV_COLUMNS}
            collect={() => collectAllPages(fetchAudit, list.filter)}
          />
        </Space>
      </Form>
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      <AuditTable
        rows={list.query.data?.items ?? []}
        loading={list.query.isFetching}
        pagination={list.pagination}
      />
    </Card>
  );
}

export function AuditPage() {
  const me = useStaffMe();
  const allowed = mayPerform('readAudit', me.data?.roles);
  return (
    <>
      <PageHeading title="Audit log">
        Who did what, to which target, when and why, with the state before and after. Rows are never changed.
      </PageHeading>
      {me.data && !allowed ? <RoleNote action="readAudit" /> : allowed ? <AuditLog /> : null}
    </>
  );
}
