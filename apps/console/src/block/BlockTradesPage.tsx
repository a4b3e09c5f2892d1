import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  type BlockReferences,
  type BlockTradesList,
  fetchBlockReferences,
  fetchBlockTrades,
} from '../api/block-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';

type Reference = BlockReferences['items'][number];
type Trade = BlockTradesList['items'][number];

const BASIS_LABEL: Record<Reference['basis'], string> = {
  previous_close: 'Previous close',
  vwap: 'VWAP 13:45–14:00',
  last_price: 'Last price at 14:00',
};

/**
 * Block trades, read-only: the references fixed for a trading date and the investors' block trades.
 * Nothing here changes a price or makes an offer (DESIGN §9): references come from the feed.
 */
export function BlockTradesPage() {
  const [date, setDate] = useState<string | undefined>(undefined);
  const body = date ? { tradingDate: date } : {};
  const references = useQuery({
    queryKey: ['block-references', date],
    queryFn: () => fetchBlockReferences(body),
  });
  const trades = useQuery({
    queryKey: ['block-trades', date],
    queryFn: () => fetchBlockTrades({ ...body, limit: 50 }),
  });
  const window = references.data?.window;
  return (
    <>
      <PageHeading title="Block trades">
        Exchange-style block deals: windows, the reference fixed once per window from the feed, and the trades
        investors placed. Read-only; staff make no block offers.
      </PageHeading>
      <Space style={{ marginBottom: 16 }}>
        <Typography.Text>Trading date</Typography.Text>
        <DatePicker
          aria-label="Trading date"
          onChange={(value: Dayjs | null) => setDate(value ? value.format('YYYY-MM-DD') : undefined)}
        />
      </Space>
      {window ? (
        <Card style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="Block trading">
              {window.open ? <Tag color="green">Open</Tag> : <Tag>Closed</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={window.open ? 'Window' : 'Next window'}>
              {window.window} · {window.tradingDate}
            </Descriptions.Item>
            <Descriptions.Item label={window.open ? 'Closes' : 'Opens'}>
              {formatIstDateTime(window.open ? window.closesAt : window.opensAt)}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      <Card title={`Reference prices · ${references.data?.tradingDate ?? ''}`} style={{ marginBottom: 16 }}>
        {references.error ? <ErrorAlert error={references.error} /> : null}
        <Table<Reference>
          rowKey={(row) => `${row.window}:${row.symbol}`}
          size="small"
          loading={references.isFetching}
          dataSource={references.data?.items ?? []}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: 'Symbol', dataIndex: 'symbol' },
            { title: 'Window', dataIndex: 'window' },
            { title: 'Reference', dataIndex: 'price', render: (value: string) => formatRupees(value) },
            { title: 'Basis', dataIndex: 'basis', render: (value: Reference['basis']) => BASIS_LABEL[value] },
            { title: 'VWAP volume', dataIndex: 'vwapVolume' },
            {
              title: 'Source time',
              dataIndex: 'sourceAt',
              render: (value: number) => formatIstDateTime(value),
            },
            { title: 'Fixed at', dataIndex: 'fixedAt', render: (value: number) => formatIstDateTime(value) },
          ]}
        />
      </Card>
      <Card title="Block trades (newest 50)">
        {trades.error ? <ErrorAlert error={trades.error} /> : null}
        <Table<Trade>
          rowKey="id"
          size="small"
          loading={trades.isFetching}
          dataSource={trades.data?.items ?? []}
          pagination={false}
          columns={[
            { title: 'Placed', dataIndex: 'placedAt', render: (value: number) => formatIstDateTime(value) },
            { title: 'Investor', dataIndex: 'phone' },
            { title: 'Symbol', dataIndex: 'symbol' },
            { title: 'Window', render: (_value, row) => `${row.tradingDate} ${row.window}` },
            { title: 'Quantity', dataIndex: 'quantity' },
            {
              title: 'Reference',
              dataIndex: 'referencePrice',
              render: (value: string) => formatRupees(value),
            },
            {
              title: 'Limit',
              dataIndex: 'limitPrice',
              render: (value: string | null) => (value ? formatRupees(value) : '—'),
            },
            { title: 'Amount', dataIndex: 'amount', render: (value: string) => formatRupees(value) },
            { title: 'Fee', dataIndex: 'fee', render: (value: string) => formatRupees(value) },
            { title: 'Lock days', dataIndex: 'lockDays' },
            { title: 'Position', dataIndex: 'positionStatus' },
          ]}
        />
      </Card>
    </>
  );
}
