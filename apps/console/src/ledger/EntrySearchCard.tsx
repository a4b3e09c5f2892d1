import { Button, Card, DatePicker, Form, Input, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { type EntrySearchBody, fetchEntries, type LedgerEntry } from '../api/console-calls';
import { collectAllPages } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { compactFilter, rangeToMs } from '../shared/filters';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { useServerPage } from '../shared/use-server-page';

interface EntryFormValues {
  key?: string;
  kind?: string;
  reference?: string;
  userId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const amountsText = (entry: LedgerEntry) =>
  entry.amounts
    .map((item) => (item.currency === 'INR' ? formatRupees(item.amount) : `${item.amount} ${item.currency}`))
    .join(', ') || '—';

/** Journal entries by key, kind, reference, user and day; a row opens the entry. */
export function EntrySearchCard({ onOpenEntry }: { onOpenEntry: (entryId: string) => void }) {
  const list = useServerPage('ledger-entries', fetchEntries, {} as EntrySearchBody);
  const apply = ({ range, ...values }: EntryFormValues) =>
    list.setFilter({ ...compactFilter(values), ...rangeToMs(range) } as EntrySearchBody);
  return (
    <Card title="Search entries">
      <Form<EntryFormValues> name="entrySearch" layout="inline" className="filter-form" onFinish={apply}>
        <Form.Item name="key" label="Key">
          <Input allowClear style={{ width: 170 }} maxLength={200} />
        </Form.Item>
        <Form.Item
          name="kind"
          label="Kind"
          rules={[{ pattern: /^[a-z_]{2,40}$/, message: 'e.g. deposit_approved' }]}
        >
          <Input allowClear style={{ width: 170 }} placeholder="deposit_approved" />
        </Form.Item>
        <Form.Item name="reference" label="Reference">
          <Input allowClear style={{ width: 140 }} maxLength={100} />
        </Form.Item>
        <Form.Item
          name="userId"
          label="User ID"
          rules={[{ pattern: /^[0-9]{1,19}$/, message: 'Digits only' }]}
        >
          <Input allowClear style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="range" label="Days">
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Search
          </Button>
          <ExportCsvButton
            what="ledger-entries"
            collect={() => collectAllPages(fetchEntries, list.filter)}
            columns={[
              { header: 'id', value: (entry: LedgerEntry) => entry.id },
              { header: 'created_at_utc', value: (entry) => new Date(entry.createdAt).toISOString() },
              { header: 'key', value: (entry) => entry.key },
              { header: 'kind', value: (entry) => entry.kind },
              { header: 'reference_type', value: (entry) => entry.referenceType },
              { header: 'reference', value: (entry) => entry.reference },
              {
                header: 'amounts',
                value: (entry) => entry.amounts.map((item) => `${item.amount} ${item.currency}`).join(' '),
              },
              { header: 'reverses', value: (entry) => entry.reversesEntryId },
              { header: 'reversed_by', value: (entry) => entry.reversedByEntryId },
            ]}
          />
        </Space>
      </Form>
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      <Table<LedgerEntry>
        className="section-table"
        rowKey="id"
        size="middle"
        loading={list.query.isFetching}
        dataSource={list.query.data?.items ?? []}
        pagination={list.pagination}
        onRow={(entry) => ({ onClick: () => onOpenEntry(entry.id), className: 'clickable-row' })}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          {
            title: 'Posted',
            dataIndex: 'createdAt',
            width: 210,
            render: (at: number) => formatIstDateTime(at),
          },
          { title: 'Kind', dataIndex: 'kind' },
          { title: 'Key', dataIndex: 'key', ellipsis: true, render: (key: string) => <code>{key}</code> },
          {
            title: 'Moved',
            key: 'amounts',
            align: 'right',
            render: (_value, entry) => <span className="amount">{amountsText(entry)}</span>,
          },
          {
            title: '',
            key: 'state',
            render: (_value, entry) =>
              entry.reversedByEntryId ? (
                <Tag color="orange">reversed</Tag>
              ) : entry.reversesEntryId ? (
                <Tag color="blue">reversal</Tag>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
