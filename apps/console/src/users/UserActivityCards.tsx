import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  fetchUserMessages,
  fetchUserPositions,
  type UserMessage,
  type UserPosition,
  type UserPositionsBody,
} from '../api/user-activity-calls';
import { collectAllCursorPages } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { formatIstDateTime, formatRupees } from '../shared/format';

const PAGE = 20;

const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  holding: 'blue',
  closed: 'default',
  cancelled: 'red',
};

type PositionState = NonNullable<UserPositionsBody['state']>;

const money = (amount: string | null, currency: string) =>
  amount === null ? '—' : currency === 'INR' ? formatRupees(amount) : `${amount} ${currency}`;

/** The investor's orders and positions as the investor sees them, newest first, by id cursor. */
export function UserPositionsCard({ userId }: { userId: string }) {
  const [state, setState] = useState<PositionState | undefined>(undefined);
  const list = useInfiniteQuery({
    queryKey: ['user', userId, 'positions', state ?? 'all'],
    queryFn: ({ pageParam }) =>
      fetchUserPositions({
        userId,
        limit: PAGE,
        ...(state ? { state } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card
      title="Orders and positions"
      extra={
        <Space>
          <ExportCsvButton<UserPosition>
            what={`positions-user-${userId}`}
            columns={[
              { header: 'Order', value: (row) => row.orderNo },
              { header: 'Placed (epoch ms)', value: (row) => row.placedAt },
              { header: 'Symbol', value: (row) => row.symbol },
              { header: 'Side', value: (row) => row.side },
              { header: 'Quantity', value: (row) => row.quantity },
              { header: 'State', value: (row) => row.status },
              { header: 'Entry', value: (row) => row.confirmPrice },
              { header: 'Now or exit', value: (row) => row.currentPrice },
              { header: 'Margin', value: (row) => row.originalMargin },
              { header: 'P&L', value: (row) => row.profitLoss },
              { header: 'Closed (epoch ms)', value: (row) => row.sellTime },
            ]}
            collect={() =>
              collectAllCursorPages((cursor) =>
                fetchUserPositions({
                  userId,
                  limit: 100,
                  ...(state ? { state } : {}),
                  ...(cursor ? { cursor } : {}),
                }),
              )
            }
          />
          <Select<PositionState | 'all'>
            aria-label="Position state"
            style={{ width: 160 }}
            value={state ?? 'all'}
            onChange={(value) => setState(value === 'all' ? undefined : value)}
            options={[
              { value: 'all', label: 'Every state' },
              { value: 'pending', label: 'Pending orders' },
              { value: 'holding', label: 'Holding' },
              { value: 'closed', label: 'Closed' },
              { value: 'cancelled', label: 'Cancelled' },
            ]}
          />
        </Space>
      }
    >
      {list.error ? <ErrorAlert error={list.error} /> : null}
      <Table<UserPosition>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'No orders or positions.' }}
        columns={[
          { title: 'Order', dataIndex: 'orderNo' },
          { title: 'Placed', dataIndex: 'placedAt', render: (at: number) => formatIstDateTime(at) },
          {
            title: 'Symbol',
            dataIndex: 'symbol',
            render: (symbol: string, row) => `${symbol} · ${row.name}`,
          },
          {
            title: 'Side',
            dataIndex: 'side',
            render: (side: string, row) =>
              `${side} ${row.orderType}${row.intraday ? ' intraday' : ''} ×${row.leverage}`,
          },
          { title: 'Qty', dataIndex: 'quantity', align: 'right' },
          {
            title: 'State',
            dataIndex: 'status',
            render: (status: string) => <Tag color={STATUS_COLORS[status]}>{status}</Tag>,
          },
          {
            title: 'Entry',
            dataIndex: 'confirmPrice',
            align: 'right',
            render: (price: string | null, row) => (
              <span className="amount">{money(price ?? row.limitPrice, row.currency)}</span>
            ),
          },
          {
            title: 'Now / exit',
            dataIndex: 'currentPrice',
            align: 'right',
            render: (price: string | null, row) => (
              <span className="amount">{money(price, row.currency)}</span>
            ),
          },
          {
            title: 'Margin',
            dataIndex: 'originalMargin',
            align: 'right',
            render: (margin: string | null, row) => (
              <span className="amount">{money(margin, row.currency)}</span>
            ),
          },
          {
            title: 'P&L',
            dataIndex: 'profitLoss',
            align: 'right',
            render: (pnl: string | null, row) => <span className="amount">{money(pnl, row.currency)}</span>,
          },
          {
            title: 'Closed',
            dataIndex: 'sellTime',
            render: (at: number | null, row) =>
              at === null ? '—' : `${formatIstDateTime(at)}${row.closeReason ? ` (${row.closeReason})` : ''}`,
          },
        ]}
      />
      {list.hasNextPage ? (
        <Space className="load-more">
          <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load older orders
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}

/** The investor's notices, rendered in English, newest first, by id cursor. */
export function UserMessagesCard({ userId }: { userId: string }) {
  const list = useInfiniteQuery({
    queryKey: ['user', userId, 'messages'],
    queryFn: ({ pageParam }) =>
      fetchUserMessages({ userId, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card
      title="Messages"
      extra={
        <ExportCsvButton<UserMessage>
          what={`messages-user-${userId}`}
          columns={[
            { header: 'Time (epoch ms)', value: (row) => row.time },
            { header: 'Kind', value: (row) => row.kind },
            { header: 'Title', value: (row) => row.title },
            { header: 'Read', value: (row) => row.read },
          ]}
          collect={() =>
            collectAllCursorPages((cursor) =>
              fetchUserMessages({ userId, limit: 100, ...(cursor ? { cursor } : {}) }),
            )
          }
        />
      }
    >
      {list.error ? <ErrorAlert error={list.error} /> : null}
      <Table<UserMessage>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No messages.' }}
        columns={[
          { title: 'Time', dataIndex: 'time', width: 170, render: (at: number) => formatIstDateTime(at) },
          { title: 'Kind', dataIndex: 'kind', width: 200 },
          {
            title: 'Message',
            dataIndex: 'title',
            render: (title: string, row) => (
              <>
                <strong>{title}</strong>
                {row.body ? <div>{row.body}</div> : null}
              </>
            ),
          },
          {
            title: 'Read',
            dataIndex: 'read',
            width: 90,
            render: (read: boolean) => (read ? <Tag>read</Tag> : <Tag color="blue">unread</Tag>),
          },
        ]}
      />
      {list.hasNextPage ? (
        <Space className="load-more">
          <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
            Load older messages
          </Button>
        </Space>
      ) : null}
    </Card>
  );
}
