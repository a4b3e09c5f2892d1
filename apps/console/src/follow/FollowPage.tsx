import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  endFollowProduct,
  fetchFollowProducts,
  type StaffFollowProduct,
  takeDownFollowProduct,
} from '../api/follow-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { useConfirmedAction } from '../shared/use-confirmed-action';
import { CreateProductCard } from './CreateProductCard';
import { StrategyTradingCard } from './StrategyTradingCard';

type ProductAct = { kind: 'end' | 'takeDown'; product: StaffFollowProduct; reason: string };

/**
 * Copy-trading (issue 11): create products, trade their strategy accounts through the ordinary
 * order flow, take products off the list, and end them early. Every act asks for a reason.
 */
export function FollowPage() {
  const me = useStaffMe();
  const roles = me.data?.roles;
  const queryClient = useQueryClient();
  const products = useQuery({ queryKey: ['follow', 'products'], queryFn: () => fetchFollowProducts() });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [asking, setAsking] = useState<Omit<ProductAct, 'reason'> | null>(null);
  const act = useConfirmedAction((values: ProductAct, options) =>
    values.kind === 'end'
      ? endFollowProduct({ id: values.product.product.id, reason: values.reason }, options)
      : takeDownFollowProduct({ id: values.product.product.id, reason: values.reason }, options),
  );
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
        <RoleNote action="manageFollowProducts" />
        {products.error ? <ErrorAlert error={products.error} /> : null}
        {act.error ? <ErrorAlert error={act.error} /> : null}
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
      <ReasonModal
        asking={asking}
        onCancel={() => setAsking(null)}
        onSubmit={(reason) => {
          if (asking) act.ask({ ...asking, reason });
          setAsking(null);
        }}
      />
      <Modal
        open={act.pendingValues !== null}
        title={act.pendingValues?.kind === 'end' ? 'End this product now?' : 'Take this product down?'}
        okText={act.pendingValues?.kind === 'end' ? 'End product' : 'Take down'}
        okButtonProps={{ danger: true }}
        confirmLoading={act.running}
        onOk={() => {
          act.confirm();
          setTimeout(refresh, 0);
        }}
        onCancel={act.cancel}
        destroyOnHidden
      >
        {act.pendingValues?.kind === 'end' ? (
          <Alert
            type="warning"
            showIcon
            message="Every strategy and mirrored position closes at the feed price, and each follower’s allocation returns to cash."
          />
        ) : (
          <Alert
            type="info"
            showIcon
            message="New investments stop; follows in progress run to the end time."
          />
        )}
        <p>Reason: {act.pendingValues?.reason}</p>
      </Modal>
      {act.result ? (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => {
            act.dismissResult();
            refresh();
          }}
          message={`${act.result.product.name}: ${act.result.product.state === 'ended' ? 'ended' : 'taken down'}`}
        />
      ) : null}
    </>
  );
}

function ReasonModal({
  asking,
  onCancel,
  onSubmit,
}: {
  asking: Omit<ProductAct, 'reason'> | null;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={asking !== null}
      title={`${asking?.kind === 'end' ? 'End' : 'Take down'} ${asking?.product.product.name ?? ''}`}
      okText="Continue"
      onOk={() => void form.validateFields().then((values) => onSubmit(values.reason.trim()))}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <ReasonField />
      </Form>
    </Modal>
  );
}
