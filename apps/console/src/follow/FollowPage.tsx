import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  endFollowProduct,
  fetchFollowProducts,
  type StaffFollowProduct,
  takeDownFollowProduct,
} from '../api/follow-calls';
import { newIdempotencyKey } from '../api/idempotency-key';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { CreateProductCard } from './CreateProductCard';
import { StrategyTradingCard } from './StrategyTradingCard';

type ProductAsk = { kind: 'end' | 'takeDown'; product: StaffFollowProduct };

/**
 * Copy-trading (docs/adr/0014-copy-trading.md): create products, trade their strategy accounts
 * through the ordinary order flow, take products off the list, and end them early. Every act asks
 * for a reason.
 */
export function FollowPage() {
  const me = useStaffMe();
  const roles = me.data?.roles;
  const queryClient = useQueryClient();
  const products = useQuery({ queryKey: ['follow', 'products'], queryFn: () => fetchFollowProducts() });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [asking, setAsking] = useState<ProductAsk | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['follow'] });
  const items = products.data?.items ?? [];
  const selected = items.find((item) => item.product.id === selectedId) ?? null;

  return (
    <>
      <PageHeading title="Copy trading">
        A product follows a strategy account that staff trade here through the ordinary order flow. Followers’
        allocations mirror each open and close pro rata at the same fill price; profit is computed, never
        typed.
      </PageHeading>
      <CreateProductCard disabled={!mayPerform('manageFollowProducts', roles)} onCreated={refresh} />
      <Card title="Products" className="section-card">
        {roles && !mayPerform('manageFollowProducts', roles) ? (
          <RoleNote action="manageFollowProducts" />
        ) : null}
        {products.error ? <ErrorAlert error={products.error} /> : null}
        <Table<StaffFollowProduct>
          rowKey={(row) => row.product.id}
          size="middle"
          loading={products.isFetching}
          dataSource={items}
          pagination={false}
          columns={[
            { title: 'Id', render: (_, row) => row.product.id, width: 60 },
            {
              title: 'Product',
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{row.product.name}</Typography.Text>
                  <Typography.Text type="secondary">strategy account {row.strategyUserId}</Typography.Text>
                </Space>
              ),
            },
            {
              title: 'State',
              render: (_, row) => (
                <Space size={4} wrap>
                  <Tag color={row.product.state === 'in_progress' ? 'green' : 'default'}>
                    {row.product.state === 'in_progress' ? 'in progress' : 'ended'}
                  </Tag>
                  {row.takenDown ? <Tag color="orange">taken down</Tag> : null}
                </Space>
              ),
            },
            { title: 'Fund size', render: (_, row) => formatRupees(row.product.fundSize) },
            { title: 'Minimum', render: (_, row) => formatRupees(row.product.minInvestment) },
            { title: 'Strategy cash', render: (_, row) => formatRupees(row.strategyCash) },
            {
              title: 'Followers',
              render: (_, row) => `${row.product.followers} · ${formatRupees(row.invested)}`,
            },
            {
              title: 'Total profit',
              render: (_, row) =>
                `${formatRupees(row.product.totalProfit)} (${row.product.totalProfitPercent}%)`,
            },
            { title: 'Ends', render: (_, row) => formatIstDateTime(row.product.endsAt) },
            {
              title: 'Actions',
              render: (_, row) =>
                row.product.state === 'in_progress' ? (
                  <Space wrap>
                    <Button size="small" type="primary" onClick={() => setSelectedId(row.product.id)}>
                      Trade strategy
                    </Button>
                    <Button
                      size="small"
                      disabled={row.takenDown || !mayPerform('takeDownFollowProduct', roles)}
                      onClick={() => setAsking({ kind: 'takeDown', product: row })}
                    >
                      Take down
                    </Button>
                    <Button
                      size="small"
                      danger
                      disabled={!mayPerform('manageFollowProducts', roles)}
                      onClick={() => setAsking({ kind: 'end', product: row })}
                    >
                      End now
                    </Button>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">
                    {row.endReason === 'staff' ? 'ended by staff' : 'ended at end time'}
                  </Typography.Text>
                ),
            },
          ]}
        />
      </Card>
      {selected && selected.product.state === 'in_progress' ? (
        <StrategyTradingCard
          product={selected}
          mayTrade={mayPerform('tradeStrategy', roles)}
          onChanged={refresh}
          onClose={() => setSelectedId(null)}
        />
      ) : null}
      <ProductActModal
        asking={asking}
        onCancel={() => setAsking(null)}
        onDone={(result) => {
          setAsking(null);
          setDone(`${result.product.name}: ${result.product.state === 'ended' ? 'ended' : 'taken down'}`);
          refresh();
        }}
      />
      {done ? <Alert type="success" showIcon closable onClose={() => setDone(null)} message={done} /> : null}
    </>
  );
}

/**
 * Ends a product or takes it down: says what will happen, asks for the reason the audit log records,
 * and runs once (one idempotency key per opening of the dialog, so a double click acts once).
 */
function ProductActModal({
  asking,
  onCancel,
  onDone,
}: {
  asking: ProductAsk | null;
  onCancel: () => void;
  onDone: (result: StaffFollowProduct) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const act = useMutation({
    mutationFn: ({ ask, reason }: { ask: ProductAsk; reason: string }) =>
      ask.kind === 'end'
        ? endFollowProduct({ id: ask.product.product.id, reason }, { idempotencyKey })
        : takeDownFollowProduct({ id: ask.product.product.id, reason }, { idempotencyKey }),
    onSuccess: (result) => {
      setIdempotencyKey(newIdempotencyKey());
      onDone(result);
    },
  });
  const ending = asking?.kind === 'end';
  return (
    <Modal
      open={asking !== null}
      title={`${ending ? 'End' : 'Take down'} ${asking?.product.product.name ?? ''}?`}
      okText={ending ? 'End product' : 'Take down'}
      okButtonProps={{ danger: true }}
      confirmLoading={act.isPending}
      onOk={() =>
        void form.validateFields().then((values) => {
          if (asking) act.mutate({ ask: asking, reason: values.reason.trim() });
        })
      }
      onCancel={act.isPending ? undefined : onCancel}
      destroyOnHidden
    >
      {ending ? (
        <Alert
          type="warning"
          showIcon
          message="Every strategy and mirrored position closes now at the feed price, and each follower’s allocation returns to cash."
        />
      ) : (
        <Alert
          type="info"
          showIcon
          message="New investments stop; follows in progress run to the end time."
        />
      )}
      {act.error ? <ErrorAlert error={act.error} /> : null}
      <Form form={form} name="followProductAct" layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <ReasonField />
      </Form>
    </Modal>
  );
}
