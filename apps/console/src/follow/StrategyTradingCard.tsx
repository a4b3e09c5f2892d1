import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import {
  cancelStrategyOrder,
  closeStrategyPosition,
  fetchStrategyPositions,
  placeStrategyOrder,
  type StaffFollowProduct,
  type StrategyOrderBody,
  type StrategyPosition,
} from '../api/follow-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';

type OrderValues = Omit<StrategyOrderBody, 'id'>;

/**
 * Trades a product's strategy account: a simple order form (symbol, side, quantity, leverage,
 * market or limit) and the account's positions with close and cancel buttons. Every call goes to
 * the same place-order, close and cancel use cases investors use, and is audited with your name.
 */
export function StrategyTradingCard({
  product,
  mayTrade,
  onChanged,
  onClose,
}: {
  product: StaffFollowProduct;
  mayTrade: boolean;
  onChanged: () => void;
  onClose: () => void;
}) {
  const id = product.product.id;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OrderValues>();
  const orderType = Form.useWatch('orderType', form);
  const positions = useQuery({
    queryKey: ['follow', 'strategy', id],
    queryFn: () => fetchStrategyPositions(id),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['follow'] });
    onChanged();
  };
  // An order moves the product's money: it is confirmed first and carries one idempotency key per
  // submission, so a double click or a second Enter places it once.
  const place = useConfirmedAction((values: OrderValues, options) =>
    placeStrategyOrder({ id, ...values }, options).then((placed) => {
      refresh();
      return placed;
    }),
  );
  const order = place.pendingValues;
  const close = useMutation({
    mutationFn: (positionId: string) => closeStrategyPosition({ id, positionId }),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (positionId: string) => cancelStrategyOrder({ id, positionId }),
    onSuccess: refresh,
  });

  return (
    <Card
      title={`Strategy account of ${product.product.name}: cash ${formatRupees(product.strategyCash)}`}
      className="section-card"
      extra={<Button onClick={onClose}>Close panel</Button>}
    >
      {[place.error, close.error, cancel.error].map((error, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: three fixed slots.
        error ? <ErrorAlert key={index} error={error} /> : null,
      )}
      <Form<OrderValues>
        name="strategyOrder"
        form={form}
        layout="inline"
        disabled={!mayTrade}
        initialValues={{ side: 'long', orderType: 'market', quantity: 1, leverage: 1 }}
        onFinish={(values) => place.ask(values)}
        className="filter-form"
      >
        <Form.Item name="symbol" label="Symbol" rules={[{ required: true, whitespace: true }]}>
          <Input style={{ width: 130 }} maxLength={32} placeholder="RELIANCE" />
        </Form.Item>
        <Form.Item name="side" label="Side">
          <Select
            style={{ width: 100 }}
            options={[
              { value: 'long', label: 'long' },
              { value: 'short', label: 'short' },
            ]}
          />
        </Form.Item>
        <Form.Item name="orderType" label="Type">
          <Select
            style={{ width: 110 }}
            options={[
              { value: 'market', label: 'market' },
              { value: 'limit', label: 'limit' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label="Quantity"
          rules={[{ required: true, message: 'Enter the quantity' }, wholeNumberRule({ min: 1 })]}
        >
          <WholeNumberInput style={{ width: 110 }} />
        </Form.Item>
        <Form.Item
          name="leverage"
          label="Leverage"
          rules={[{ required: true, message: 'Enter the leverage' }, wholeNumberRule({ min: 1 })]}
        >
          <WholeNumberInput style={{ width: 80 }} />
        </Form.Item>
        {orderType === 'limit' ? (
          <Form.Item
            name="price"
            label="Limit (₹)"
            rules={[{ required: true, pattern: /^\d{1,10}(\.\d{1,2})?$/ }]}
          >
            <Input style={{ width: 110 }} inputMode="decimal" />
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" loading={place.running}>
          Place order
        </Button>
      </Form>
      <ConfirmActionModal
        {...confirmDialogProps(place)}
        title={`Place this order for ${product.product.name}?`}
        okText="Place order"
      >
        <p>
          {order?.side === 'short' ? 'Sell short' : 'Buy'} {order?.quantity}{' '}
          {order?.symbol?.trim().toUpperCase()} at{' '}
          {order?.orderType === 'limit' ? `a limit of ₹${order.price}` : 'the feed price'}, leverage{' '}
          {order?.leverage}×, from the strategy account. Followers mirror the fill.
        </p>
      </ConfirmActionModal>
      {positions.error ? <ErrorAlert error={positions.error} /> : null}
      <Table<StrategyPosition>
        className="section-table"
        rowKey="id"
        size="small"
        loading={positions.isFetching}
        dataSource={positions.data?.items ?? []}
        pagination={false}
        columns={[
          { title: 'Order', dataIndex: 'id', width: 70 },
          { title: 'Symbol', dataIndex: 'symbol' },
          { title: 'Side', dataIndex: 'side' },
          { title: 'Qty', dataIndex: 'quantity' },
          { title: 'Lev.', dataIndex: 'leverage' },
          {
            title: 'Status',
            render: (_, row) => (
              <Tag color={row.status === 'holding' ? 'blue' : row.status === 'pending' ? 'gold' : 'default'}>
                {row.status}
              </Tag>
            ),
          },
          { title: 'Fill', render: (_, row) => (row.confirmPrice ? formatRupees(row.confirmPrice) : '—') },
          {
            title: 'Now / exit',
            render: (_, row) => formatRupees(row.sellPrice ?? row.currentPrice ?? row.limitPrice),
          },
          {
            title: 'P&L',
            render: (_, row) => (row.profitLoss === null ? '—' : formatRupees(row.profitLoss)),
          },
          { title: 'Placed', render: (_, row) => formatIstDateTime(row.placedAt) },
          {
            title: '',
            render: (_, row) =>
              row.status === 'holding' ? (
                <Popconfirm
                  title="Close this position at the feed price?"
                  onConfirm={() => close.mutate(row.id)}
                >
                  <Button size="small" danger disabled={!mayTrade} loading={close.isPending}>
                    Close
                  </Button>
                </Popconfirm>
              ) : row.status === 'pending' ? (
                <Button size="small" disabled={!mayTrade} onClick={() => cancel.mutate(row.id)}>
                  Cancel
                </Button>
              ) : null,
          },
        ]}
      />
      <Space style={{ marginTop: 8 }}>
        <span>Followers’ allocations mirror these fills at the same price on the engine’s next sweep.</span>
      </Space>
    </Card>
  );
}
