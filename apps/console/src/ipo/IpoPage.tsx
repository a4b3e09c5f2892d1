import { seedCommitment } from '@nivesh/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  cancelIpo,
  commitIpoSeed,
  drawIpo,
  fetchIpoIssues,
  fetchIpoSubscriptions,
  type SaveIpoBody,
  type StaffIpoIssue,
  saveIpoIssue,
} from '../api/ipo-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';

const HOUR = 3_600_000;

interface IssueForm {
  code: string;
  name: string;
  issueMarket: 'NSE' | 'BSE';
  sponsor: string;
  provisionalPrice: string;
  finalPrice?: string;
  lotSize: number;
  offeredShares: number;
  opensAt: string;
  closesAt: string;
  drawAt: string;
  allotmentAt: string;
  listingAt: string;
  reason: string;
}

/** `YYYY-MM-DDTHH:MM` in IST ↔ epoch ms: the console shows and takes issue dates in IST. */
const toIstInput = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 16);
const fromIstInput = (value: string) => Date.parse(`${value}:00+05:30`);

type Act = { kind: 'commit' | 'draw' | 'cancel'; issue: StaffIpoIssue['issue'] };

/**
 * New shares: create an issue (or edit it before it opens; only the final price after), commit the
 * hash of a secret seed before subscriptions close (the seed itself never leaves this browser until
 * the draw), run the draw with the seed, call an issue off, and see the subscriptions and results.
 * Every act carries a reason for the audit log.
 */
export function IpoPage() {
  const me = useStaffMe();
  const mayManage = mayPerform('manageIpo', me.data?.roles);
  const queryClient = useQueryClient();
  const issues = useQuery({ queryKey: ['console-list', 'ipo'], queryFn: () => fetchIpoIssues() });
  const [form] = Form.useForm<IssueForm>();
  const [editingId, setEditingId] = useState<string | undefined>(undefined);
  const [act, setAct] = useState<Act | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console-list', 'ipo'] });
  const save = useMutation({
    mutationFn: (body: SaveIpoBody) => saveIpoIssue(body),
    onSuccess: () => {
      form.resetFields();
      setEditingId(undefined);
      void refresh();
    },
  });
  const now = Date.now();
  const initial: Partial<IssueForm> = {
    issueMarket: 'NSE',
    lotSize: 1_000,
    opensAt: toIstInput(now + HOUR),
    closesAt: toIstInput(now + 49 * HOUR),
    drawAt: toIstInput(now + 50 * HOUR),
    allotmentAt: toIstInput(now + 72 * HOUR),
    listingAt: toIstInput(now + 96 * HOUR),
  };

  const edit = (issue: StaffIpoIssue['issue']) => {
    setEditingId(issue.id);
    form.setFieldsValue({
      code: issue.code,
      name: issue.name,
      issueMarket: issue.issueMarket as 'NSE' | 'BSE',
      sponsor: issue.sponsor,
      provisionalPrice: issue.provisionalPrice,
      finalPrice: issue.finalPrice ?? undefined,
      lotSize: issue.lotSize,
      offeredShares: issue.offeredShares,
      opensAt: toIstInput(issue.opensAt),
      closesAt: toIstInput(issue.closesAt),
      drawAt: toIstInput(issue.drawAt),
      allotmentAt: toIstInput(issue.allotmentAt),
      listingAt: toIstInput(issue.listingAt),
      reason: '',
    });
  };

  return (
    <>
      <PageHeading title="New shares (IPO)" />
      <RoleNote action="manageIpo" />
      <Card title={editingId ? `Edit issue ${editingId}` : 'Create an issue'} style={{ marginBottom: 16 }}>
        <Form<IssueForm>
          form={form}
          layout="inline"
          name="ipoIssue"
          initialValues={initial}
          disabled={!mayManage}
          onFinish={(values) =>
            save.mutate({
              ...(editingId ? { id: editingId } : {}),
              code: values.code.trim().toUpperCase(),
              name: values.name.trim(),
              issueMarket: values.issueMarket,
              sponsor: values.sponsor.trim(),
              provisionalPrice: values.provisionalPrice.trim(),
              finalPrice: values.finalPrice?.trim() ? values.finalPrice.trim() : null,
              lotSize: values.lotSize,
              offeredShares: values.offeredShares,
              opensAt: fromIstInput(values.opensAt),
              closesAt: fromIstInput(values.closesAt),
              drawAt: fromIstInput(values.drawAt),
              allotmentAt: fromIstInput(values.allotmentAt),
              listingAt: fromIstInput(values.listingAt),
              reason: values.reason.trim(),
            })
          }
        >
          <Form.Item name="code" label="Code" rules={[{ required: true, pattern: /^[A-Za-z0-9&_-]{1,32}$/ }]}>
            <Input style={{ width: 130 }} disabled={Boolean(editingId)} />
          </Form.Item>
          <Form.Item name="name" label="Name" rules={[{ required: true }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="issueMarket" label="Issue market">
            <Select style={{ width: 90 }} options={[{ value: 'NSE' }, { value: 'BSE' }]} />
          </Form.Item>
          <Form.Item name="sponsor" label="Sponsoring firm" rules={[{ required: true }]}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="provisionalPrice" label="Provisional price ₹" rules={[{ required: true }]}>
            <Input style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="finalPrice" label="Final price ₹">
            <Input style={{ width: 110 }} placeholder="before the draw" />
          </Form.Item>
          <Form.Item
            name="lotSize"
            label="Lot (shares)"
            rules={[{ required: true, message: 'Enter the lot' }, wholeNumberRule({ min: 1 })]}
          >
            <WholeNumberInput style={{ width: 110 }} />
          </Form.Item>
          <Form.Item
            name="offeredShares"
            label="Offered shares"
            rules={[{ required: true, message: 'Enter the shares offered' }, wholeNumberRule({ min: 1 })]}
          >
            <WholeNumberInput style={{ width: 140 }} />
          </Form.Item>
          {(['opensAt', 'closesAt', 'drawAt', 'allotmentAt', 'listingAt'] as const).map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={`${name.replace('At', '')} (IST)`}
              rules={[{ required: true }]}
            >
              <Input type="datetime-local" style={{ width: 200 }} />
            </Form.Item>
          ))}
          <Form.Item name="reason" label="Reason" rules={[{ required: true, min: 3 }]}>
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {editingId ? 'Save changes' : 'Create issue'}
            </Button>
            {editingId ? (
              <Button
                onClick={() => {
                  setEditingId(undefined);
                  form.resetFields();
                }}
              >
                Stop editing
              </Button>
            ) : null}
          </Space>
        </Form>
        {save.error ? <ErrorAlert error={save.error} /> : null}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          The money mode, the minimum subscription and the per-user count come from the parameters when the
          issue is created and stay with it. Once the window opens only the final price may change, until the
          draw.
        </Typography.Paragraph>
      </Card>
      {issues.error ? <ErrorAlert error={issues.error} /> : null}
      <Table<StaffIpoIssue>
        rowKey={(row) => row.issue.id}
        loading={issues.isPending}
        dataSource={issues.data?.items ?? []}
        pagination={false}
        expandable={{
          expandedRowKeys: expanded ? [expanded] : [],
          onExpand: (open, row) => setExpanded(open ? row.issue.id : null),
          expandedRowRender: (row) => <SubscriptionsTable id={row.issue.id} />,
        }}
        columns={[
          { title: 'Code', render: (_, row) => <strong>{row.issue.code}</strong> },
          { title: 'Name', render: (_, row) => row.issue.name },
          { title: 'Phase', render: (_, row) => <Tag>{row.issue.phase}</Tag> },
          { title: 'Mode', render: (_, row) => row.issue.moneyMode.replaceAll('_', ' ') },
          {
            title: 'Prices',
            render: (_, row) =>
              `${formatRupees(row.issue.provisionalPrice)} / ${row.issue.finalPrice ? formatRupees(row.issue.finalPrice) : '—'}`,
          },
          {
            title: 'Subscribed / offered',
            render: (_, row) =>
              `${row.issue.totalSubscribedShares.toLocaleString('en-IN')} / ${row.issue.offeredShares.toLocaleString('en-IN')}`,
          },
          { title: 'Held', render: (_, row) => formatRupees(row.heldTotal) },
          { title: 'Closes', render: (_, row) => formatIstDateTime(row.issue.closesAt) },
          {
            title: 'Seed',
            render: (_, row) =>
              row.issue.seed ? (
                <Typography.Text code>revealed</Typography.Text>
              ) : row.issue.seedCommitment ? (
                <Typography.Text code title={row.issue.seedCommitment}>
                  {row.issue.seedCommitment.slice(0, 12)}…
                </Typography.Text>
              ) : (
                'not committed'
              ),
          },
          {
            title: 'Acts',
            render: (_, row) => {
              const issue = row.issue;
              const live = issue.phase !== 'cancelled' && issue.drawnAt === null;
              return (
                <Space wrap>
                  <Button size="small" disabled={!mayManage || !live} onClick={() => edit(issue)}>
                    Edit
                  </Button>
                  <Button
                    size="small"
                    disabled={
                      !mayManage || !live || issue.seedCommitment !== null || issue.phase === 'closed'
                    }
                    onClick={() => setAct({ kind: 'commit', issue })}
                  >
                    Commit seed
                  </Button>
                  <Button
                    size="small"
                    type="primary"
                    disabled={!mayManage || issue.phase !== 'closed'}
                    onClick={() => setAct({ kind: 'draw', issue })}
                  >
                    Draw
                  </Button>
                  <Button
                    size="small"
                    danger
                    disabled={!mayManage || !live}
                    onClick={() => setAct({ kind: 'cancel', issue })}
                  >
                    Call off
                  </Button>
                </Space>
              );
            },
          },
        ]}
      />
      {act ? <ActModal act={act} onClose={() => setAct(null)} onDone={() => void refresh()} /> : null}
    </>
  );
}

function ActModal({ act, onClose, onDone }: { act: Act; onClose: () => void; onDone: () => void }) {
  const [seed, setSeed] = useState('');
  const [reason, setReason] = useState('');
  const run = useMutation({
    mutationFn: async () => {
      if (act.kind === 'commit')
        return commitIpoSeed({ id: act.issue.id, commitment: seedCommitment(seed), reason });
      if (act.kind === 'draw') return drawIpo({ id: act.issue.id, seed, reason });
      return cancelIpo({ id: act.issue.id, reason });
    },
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  const title =
    act.kind === 'commit'
      ? `Commit the seed of ${act.issue.code}`
      : act.kind === 'draw'
        ? `Run the draw of ${act.issue.code}`
        : `Call ${act.issue.code} off`;
  const needsSeed = act.kind !== 'cancel';
  return (
    <Modal
      open
      title={title}
      okText={act.kind === 'cancel' ? 'Call off' : act.kind === 'draw' ? 'Draw' : 'Commit'}
      okButtonProps={{
        danger: act.kind === 'cancel',
        disabled: reason.trim().length < 3 || (needsSeed && seed.length < 8),
      }}
      confirmLoading={run.isPending}
      onOk={() => run.mutate()}
      onCancel={onClose}
    >
      {act.kind === 'commit' ? (
        <Alert
          type="info"
          showIcon
          message="Only the SHA-256 of the seed is sent. Keep the seed secret and safe: the draw needs exactly this seed, and the commitment can never change."
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {act.kind === 'draw' ? (
        <Alert
          type="warning"
          showIcon
          message={`The seed is checked against the commitment ${act.issue.seedCommitment?.slice(0, 16) ?? ''}…; a wrong seed is refused and recorded.`}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {needsSeed ? (
        <Form.Item label="Seed (8 to 200 characters)">
          <Input.Password value={seed} onChange={(event) => setSeed(event.target.value)} autoComplete="off" />
          {act.kind === 'commit' && seed.length >= 8 ? (
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {seedCommitment(seed)}
            </Typography.Text>
          ) : null}
        </Form.Item>
      ) : null}
      <Form.Item label="Reason (recorded in the audit log)">
        <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} rows={2} />
      </Form.Item>
      {run.error ? <ErrorAlert error={run.error} /> : null}
    </Modal>
  );
}

function SubscriptionsTable({ id }: { id: string }) {
  const subscriptions = useQuery({
    queryKey: ['console-list', 'ipo', 'subscriptions', id],
    queryFn: () => fetchIpoSubscriptions(id),
  });
  return (
    <Table
      size="small"
      rowKey={(row) => row.subscription.id}
      loading={subscriptions.isPending}
      dataSource={subscriptions.data?.items ?? []}
      pagination={false}
      columns={[
        { title: 'Subscription', render: (_, row) => row.subscription.id },
        { title: 'User', render: (_, row) => `${row.userId} (${row.phone})` },
        { title: 'State', render: (_, row) => <Tag>{row.subscription.state}</Tag> },
        { title: 'Shares', render: (_, row) => row.subscription.quantity.toLocaleString('en-IN') },
        { title: 'Lots', render: (_, row) => row.subscription.lots },
        { title: 'Won lots', render: (_, row) => row.subscription.wonLots ?? '—' },
        { title: 'Held', render: (_, row) => formatRupees(row.subscription.held) },
        { title: 'Captured', render: (_, row) => formatRupees(row.subscription.captured) },
        { title: 'Released', render: (_, row) => formatRupees(row.subscription.released) },
        {
          title: 'Due / paid',
          render: (_, row) =>
            `${formatRupees(row.subscription.due)} / ${formatRupees(row.subscription.paid)}`,
        },
      ]}
    />
  );
}
