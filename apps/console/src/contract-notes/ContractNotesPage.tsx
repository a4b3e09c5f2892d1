import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import {
  type ContractNoteSearch,
  fetchContractNotePdf,
  type StaffContractNote,
  searchContractNotes,
} from '../api/contract-note-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface SearchForm {
  investor?: string;
  from?: string;
  to?: string;
}

/** An investor is a user id (digits, up to 12) or a mobile number (more digits, or a leading +). */
function searchOf(values: SearchForm): ContractNoteSearch {
  const investor = values.investor?.trim() ?? '';
  const isUserId = /^\d{1,9}$/.test(investor);
  return {
    ...(investor === '' ? {} : isUserId ? { userId: investor } : { phone: investor }),
    ...(values.from?.trim() ? { from: values.from.trim() } : {}),
    ...(values.to?.trim() ? { to: values.to.trim() } : {}),
    limit: 100,
  };
}

function DownloadButton({ note }: { note: StaffContractNote }) {
  const [error, setError] = useState<unknown>(null);
  const [isLoading, setIsLoading] = useState(false);
  const open = async () => {
    setIsLoading(true);
    setError(null);
    try {
      const url = URL.createObjectURL(await fetchContractNotePdf(note.id));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${note.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsLoading(false);
    }
  };
  return (
    <Space direction="vertical" size={4}>
      <Button size="small" loading={isLoading} onClick={() => void open()}>
        PDF
      </Button>
      {error ? <ErrorAlert error={error} title="Could not read the note" /> : null}
    </Space>
  );
}

/** Contract notes by investor and trade date; compliance, support and admin read them (audited). */
export function ContractNotesPage() {
  const [search, setSearch] = useState<ContractNoteSearch>({ limit: 100 });
  const notes = useQuery({
    queryKey: ['console-list', 'contract-notes', search],
    queryFn: ({ signal }) => searchContractNotes(search, { signal }),
  });
  return (
    <>
      <PageHeading title="Contract notes">
        One note per investor per trading day with trades, issued after the session close, kept as issued (its
        SHA-256 is shown). Opening a PDF is recorded in the audit log.
      </PageHeading>
      <Card>
        <Form<SearchForm>
          layout="inline"
          name="contractNoteSearch"
          onFinish={(values) => setSearch(searchOf(values))}
        >
          <Form.Item name="investor" label="Investor">
            <Input placeholder="user id or mobile" allowClear />
          </Form.Item>
          <Form.Item name="from" label="From" rules={[{ pattern: DATE, message: 'YYYY-MM-DD' }]}>
            <Input placeholder="YYYY-MM-DD" allowClear />
          </Form.Item>
          <Form.Item name="to" label="To" rules={[{ pattern: DATE, message: 'YYYY-MM-DD' }]}>
            <Input placeholder="YYYY-MM-DD" allowClear />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              Search
            </Button>
          </Form.Item>
        </Form>
      </Card>
      {notes.isError ? <ErrorAlert error={notes.error} /> : null}
      <Table<StaffContractNote>
        rowKey="id"
        loading={notes.isPending}
        dataSource={notes.data?.items ?? []}
        pagination={false}
        columns={[
          { title: 'Trade date', dataIndex: 'tradeDate' },
          { title: 'Number', dataIndex: 'number' },
          {
            title: 'Investor',
            render: (_value, note) => `${note.realName ?? '-'} (#${note.userId}, ${note.phone})`,
          },
          { title: 'Orders', dataIndex: 'tradeCount', align: 'right' },
          { title: 'Net obligation (₹)', dataIndex: 'netObligation', align: 'right' },
          { title: 'Issued', render: (_value, note) => formatIstDateTime(note.createdAt) },
          {
            title: 'SHA-256',
            render: (_value, note) => (
              <Typography.Text code copyable={{ text: note.sha256 }}>
                {note.sha256.slice(0, 12)}…
              </Typography.Text>
            ),
          },
          { title: '', render: (_value, note) => <DownloadButton note={note} /> },
        ]}
      />
    </>
  );
}
