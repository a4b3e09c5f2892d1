import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { fetchEntry, type LedgerEntryDetail } from '../api/console-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { ReverseEntryCard } from './ReverseEntryCard';

type Posting = LedgerEntryDetail['postings'][number];

const money = (amount: string | null, currency: string) =>
  amount === null ? '—' : currency === 'INR' ? formatRupees(amount) : `${amount} ${currency}`;

/** One journal entry: its postings, its reversal (if any), and the way to correct it. */
export function EntryDrawer({ entryId, onClose }: { entryId: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const entry = useQuery({
    queryKey: ['ledger-entry', entryId],
    queryFn: () => fetchEntry(entryId!),
    enabled: entryId !== null,
  });
  const data = entry.data;
  const waiting = data?.reversalRequests.some((request) => request.state === 'pending') ?? false;
  const reversible =
    data && data.entry.reversesEntryId === null && data.entry.reversedByEntryId === null && !waiting;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['ledger-entry', entryId] });
    void queryClient.invalidateQueries({ queryKey: ['console-list'] });
  };
  return (
    <Drawer
      open={entryId !== null}
      onClose={onClose}
      size={760}
      title={`Journal entry ${entryId ?? ''}`}
      destroyOnHidden
    >
      {entry.error ? <ErrorAlert error={entry.error} /> : null}
      {data ? (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              {
                key: 'key',
                label: 'Key',
                span: 2,
                children: <Typography.Text code>{data.entry.key}</Typography.Text>,
              },
              { key: 'kind', label: 'Kind', children: data.entry.kind },
              { key: 'at', label: 'Posted', children: formatIstDateTime(data.entry.createdAt) },
              {
                key: 'reference',
                label: 'Reference',
                children: `${data.entry.referenceType ?? ''} ${data.entry.reference ?? '—'}`,
              },
              {
                key: 'by',
                label: 'Posted by',
                children: `${data.entry.postedByType} ${data.entry.postedById ?? ''}`,
              },
              { key: 'memo', label: 'Memo', span: 2, children: data.entry.memo ?? '—' },
              {
                key: 'reversal',
                label: 'Reversal',
                span: 2,
                children: data.entry.reversedByEntryId ? (
                  <Tag color="orange">reversed by entry {data.entry.reversedByEntryId}</Tag>
                ) : data.entry.reversesEntryId ? (
                  <Tag color="blue">reverses entry {data.entry.reversesEntryId}</Tag>
                ) : (
                  'none'
                ),
              },
            ]}
          />
          <Table<Posting>
            className="section-table"
            size="small"
            rowKey="id"
            dataSource={data.postings}
            pagination={false}
            columns={[
              { title: 'Account', dataIndex: 'accountId' },
              {
                title: 'Owner',
                key: 'owner',
                render: (_value, posting) =>
                  posting.userId ? (
                    <Link to={`/users/${posting.userId}`}>user {posting.userId}</Link>
                  ) : (
                    'house'
                  ),
              },
              { title: 'Purpose', dataIndex: 'purpose' },
              {
                title: 'Amount',
                dataIndex: 'amount',
                align: 'right',
                render: (amount: string, posting) => (
                  <span className="amount">{money(amount, posting.currency)}</span>
                ),
              },
              {
                title: 'Balance after',
                dataIndex: 'balanceAfter',
                align: 'right',
                render: (amount: string | null, posting) => (
                  <span className="amount">{money(amount, posting.currency)}</span>
                ),
              },
            ]}
          />
          {data.reversalRequests.length > 0 ? (
            <Table
              className="section-table"
              size="small"
              rowKey="id"
              dataSource={data.reversalRequests}
              pagination={false}
              columns={[
                { title: 'Request', dataIndex: 'id' },
                { title: 'State', dataIndex: 'state', render: (state: string) => <Tag>{state}</Tag> },
                { title: 'Asked by', dataIndex: 'requestedByName' },
                {
                  title: 'Decided by',
                  dataIndex: 'decidedByName',
                  render: (name: string | null) => name ?? '—',
                },
                { title: 'Reason', dataIndex: 'reason' },
              ]}
            />
          ) : null}
          {waiting ? (
            <Alert
              className="section-table"
              type="info"
              showIcon
              title="A reversal of this entry waits for a second approver"
              description="Another finance staff member approves or rejects it under Ledger → Second approvals."
            />
          ) : null}
          {reversible ? (
            <div className="section-table">
              <ReverseEntryCard entryId={data.entry.id} onDone={refresh} />
            </div>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
