import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table } from 'antd';
import { fetchUserStatement, type UserStatementPage } from '../api/console-calls';
import { EXPORT_ROWS_MAX, PAGE_SIZE_MAX } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { formatIstDateTime, formatRupees } from '../shared/format';

type StatementRow = UserStatementPage['items'][number];

/** Every statement row, following the cursor, up to the export limit. */
async function collectStatement(userId: string) {
  const rows: StatementRow[] = [];
  let cursor: string | null = null;
  do {
    const page: UserStatementPage = await fetchUserStatement({
      userId,
      limit: PAGE_SIZE_MAX,
      ...(cursor ? { cursor } : {}),
    });
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && rows.length < EXPORT_ROWS_MAX);
  return { rows, total: rows.length, truncated: cursor !== null };
}

/** The investor's statement as they see it: every posting, newest first, with the balance after. */
export function StatementCard({ userId }: { userId: string }) {
  const statement = useInfiniteQuery({
    queryKey: ['user', userId, 'statement'],
    queryFn: ({ pageParam }) =>
      fetchUserStatement({ userId, limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = statement.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card
      title="Statement"
      extra={
        <ExportCsvButton
          what={`statement-${userId}`}
          collect={() => collectStatement(userId)}
          columns={[
            { header: 'time_utc', value: (row: StatementRow) => new Date(row.time).toISOString() },
            { header: 'entry_id', value: (row) => row.entryId },
            { header: 'kind', value: (row) => row.kind },
            { header: 'reference', value: (row) => row.reference },
            { header: 'account', value: (row) => row.account },
            { header: 'currency', value: (row) => row.currency },
            { header: 'amount', value: (row) => row.amount },
            { header: 'balance_after', value: (row) => row.balanceAfter },
          ]}
        />
      }
    >
      {statement.error ? <ErrorAlert error={statement.error} /> : null}
      <Table<StatementRow>
        size="small"
        rowKey="postingId"
        loading={statement.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No postings yet.' }}
        columns={[
          { title: 'Time', dataIndex: 'time', render: (at: number) => formatIstDateTime(at) },
          { title: 'Entry', dataIndex: 'entryId' },
          { title: 'Kind', dataIndex: 'kind' },
          { title: 'Account', dataIndex: 'account' },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: string, row) => (
              <span className="amount">
                {row.currency === 'INR' ? formatRupees(amount) : `${amount} ${row.currency}`}
              </span>
            ),
          },
          {
            title: 'Balance after',
            dataIndex: 'balanceAfter',
            align: 'right',
            render: (amount: string, row) => (
              <span className="amount">
                {row.currency === 'INR' ? formatRupees(amount) : `${amount} ${row.currency}`}
              </span>
            ),
          },
        ]}
      />
      {statement.hasNextPage ? (
        <Space className="load-more">
          <Button onClick={() => statement.fetchNextPage()} loading={statement.isFetchingNextPage}>
            Load older postings
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
