import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import {
  type DepositChannelInput,
  deleteDepositChannel,
  fetchDepositChannels,
  type StaffDepositChannel,
  saveDepositChannel,
} from '../api/deposit-channel-calls';
import { newIdempotencyKey } from '../api/idempotency-key';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { RoleNote } from '../shared/RoleNote';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';

type Kind = DepositChannelInput['kind'];

const KIND_LABELS: Record<Kind, string> = { bank: 'Bank transfer', upi: 'UPI', usdt: 'USDT' };
const MONEY = /^[0-9]{1,13}(\.[0-9]{1,2})?$/;
const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/;

interface ChannelForm {
  kind: Kind;
  name: string;
  enabled: boolean;
  min: string;
  max: string;
  windowFrom: string;
  windowTo: string;
  position?: number | null;
  accountName?: string;
  accountNumber?: string;
  ifsc?: string;
  bankName?: string;
  vpa?: string;
  payeeName?: string;
  network?: 'TRC20' | 'ERC20';
  address?: string;
  /** Required when changing a channel: audited; payee details then wait for a second approver. */
  reason?: string;
}

const trimmed = (value: string | undefined) => {
  const text = value?.trim();
  return text ? text : undefined;
};

/** The form's values as the save call's body: only the details the kind uses. */
export function toChannelInput(values: ChannelForm, id: string | undefined): DepositChannelInput {
  const details: DepositChannelInput['details'] =
    values.kind === 'bank'
      ? {
          accountName: trimmed(values.accountName),
          accountNumber: trimmed(values.accountNumber),
          ifsc: trimmed(values.ifsc)?.toUpperCase(),
          bankName: trimmed(values.bankName),
        }
      : values.kind === 'upi'
        ? { vpa: trimmed(values.vpa), payeeName: trimmed(values.payeeName) }
        : { network: values.network ?? 'TRC20', address: trimmed(values.address) };
  for (const key of Object.keys(details) as (keyof typeof details)[]) {
    if (details[key] === undefined) delete details[key];
  }
  return {
    ...(id ? { id } : {}),
    kind: values.kind,
    name: values.name.trim(),
    enabled: values.enabled,
    min: values.min.trim(),
    max: values.max.trim(),
    windowFrom: values.windowFrom.trim(),
    windowTo: values.windowTo.trim(),
    details,
    ...(values.position === undefined || values.position === null ? {} : { position: values.position }),
    ...(trimmed(values.reason) ? { reason: trimmed(values.reason) } : {}),
  };
}

function toFormValues(row: StaffDepositChannel | null): ChannelForm {
  if (!row) {
    return {
      kind: 'bank',
      name: '',
      enabled: true,
      min: '',
      max: '',
      windowFrom: '00:00',
      windowTo: '24:00',
    };
  }
  const { channel } = row;
  return {
    kind: channel.kind,
    name: channel.name,
    enabled: row.enabled,
    min: channel.min,
    max: channel.max,
    windowFrom: channel.windowFrom,
    windowTo: channel.windowTo,
    position: row.position,
    ...channel.details,
  };
}

const money = (amount: string, currency: string) =>
  currency === 'INR' ? formatRupees(amount) : `${amount} ${currency}`;

function describeDetails(channel: StaffDepositChannel['channel']): string {
  const d = channel.details;
  if (channel.kind === 'bank')
    return [d.accountName, d.accountNumber, d.ifsc, d.bankName].filter(Boolean).join(' · ');
  if (channel.kind === 'upi') return [d.vpa, d.payeeName].filter(Boolean).join(' · ');
  return [d.network, d.address].filter(Boolean).join(' · ');
}

function ChannelDrawer({
  editing,
  onClose,
}: {
  editing: { row: StaffDepositChannel | null } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ChannelForm>();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const kind = Form.useWatch('kind', form) ?? editing?.row?.channel.kind ?? 'bank';
  const save = useMutation({
    mutationFn: (values: ChannelForm) =>
      saveDepositChannel(toChannelInput(values, editing?.row?.channel.id), { idempotencyKey }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['deposit-channels'] });
      setIdempotencyKey(newIdempotencyKey());
      onClose();
    },
  });
  const row = editing?.row ?? null;
  // The form holds the channel's values as the drawer opens, not after its animation: a value set
  // then would overwrite what a quick hand has already typed.
  useEffect(() => {
    if (editing !== null) form.setFieldsValue(toFormValues(editing.row ?? null));
  }, [editing, form]);
  return (
    <Drawer
      open={editing !== null}
      title={row ? `Edit channel ${row.channel.name}` : 'Add a deposit channel'}
      size="large"
      onClose={save.isPending ? undefined : onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) save.reset();
      }}
    >
      <Form<ChannelForm>
        form={form}
        name="depositChannel"
        layout="vertical"
        initialValues={toFormValues(row)}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="kind" label="Kind" rules={[{ required: true }]}>
          <Select
            disabled={row !== null}
            options={(Object.keys(KIND_LABELS) as Kind[]).map((value) => ({
              value,
              label: KIND_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="Name"
          rules={[
            { required: true, whitespace: true, message: 'Name the channel' },
            { max: 60, message: 'At most 60 characters' },
          ]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label="Currency">
          <Input value={kind === 'usdt' ? 'USDT' : 'INR'} disabled aria-label="Currency" />
        </Form.Item>
        <Space align="start">
          <Form.Item
            name="min"
            label="Minimum"
            rules={[
              { required: true, message: 'Enter the minimum' },
              { pattern: MONEY, message: 'An amount with at most 2 decimals' },
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="max"
            label="Maximum"
            dependencies={['min']}
            rules={[
              { required: true, message: 'Enter the maximum' },
              { pattern: MONEY, message: 'An amount with at most 2 decimals' },
              ({ getFieldValue }) => ({
                validator(_, value: string | undefined) {
                  const min = String(getFieldValue('min') ?? '');
                  if (!value || !MONEY.test(value) || !MONEY.test(min)) return Promise.resolve();
                  return compareDecimal(value, min) >= 0
                    ? Promise.resolve()
                    : Promise.reject(new Error('The maximum is below the minimum'));
                },
              }),
            ]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
        </Space>
        <Space align="start">
          <Form.Item
            name="windowFrom"
            label="Open from (IST)"
            rules={[
              { required: true, message: 'HH:MM' },
              { pattern: /^([01][0-9]|2[0-3]):[0-5][0-9]$/, message: 'HH:MM, 00:00 to 23:59' },
            ]}
          >
            <Input placeholder="00:00" maxLength={5} />
          </Form.Item>
          <Form.Item
            name="windowTo"
            label="Open until (IST)"
            rules={[
              { required: true, message: 'HH:MM' },
              { pattern: CLOCK, message: 'HH:MM, up to 24:00 (midnight)' },
            ]}
          >
            <Input placeholder="24:00" maxLength={5} />
          </Form.Item>
          <Form.Item
            name="position"
            label="Order in the list"
            rules={[wholeNumberRule({ min: 0, max: 1000 })]}
          >
            <WholeNumberInput style={{ width: 100 }} />
          </Form.Item>
        </Space>
        {kind === 'bank' ? (
          <>
            <Form.Item name="accountName" label="Account name" rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="accountNumber"
              label="Account number"
              rules={[{ required: true, pattern: /^[0-9 ]{6,30}$/, message: '9 to 18 digits' }]}
            >
              <Input maxLength={30} inputMode="numeric" />
            </Form.Item>
            <Form.Item
              name="ifsc"
              label="IFSC"
              rules={[
                { required: true, pattern: /^[A-Za-z]{4}0[A-Za-z0-9]{6}$/, message: 'Like HDFC0001234' },
              ]}
            >
              <Input maxLength={11} />
            </Form.Item>
            <Form.Item name="bankName" label="Bank name" extra="Left empty, the IFSC's bank is used.">
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : null}
        {kind === 'upi' ? (
          <>
            <Form.Item
              name="vpa"
              label="UPI ID (VPA)"
              rules={[
                {
                  required: true,
                  pattern: /^[A-Za-z0-9._-]{2,}@[A-Za-z0-9.-]{2,}$/,
                  message: 'Like name@bank',
                },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="payeeName" label="Payee name" rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : null}
        {kind === 'usdt' ? (
          <>
            <Form.Item name="network" label="Network" initialValue="TRC20">
              <Select options={[{ value: 'TRC20' }, { value: 'ERC20' }]} />
            </Form.Item>
            <Form.Item name="address" label="Wallet address" rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={100} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="enabled" label="Enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        {row ? (
          <>
            <Alert
              type="info"
              showIcon
              className="result-panel"
              title="A change of payee details (account, IFSC, VPA, wallet address) is not applied at once: it waits in Approvals for a second staff member, and investors keep seeing the current details until then."
            />
            <ReasonField />
          </>
        ) : null}
        {save.error ? <ErrorAlert title="The channel was not saved" error={save.error} /> : null}
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save channel
          </Button>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
        </Space>
      </Form>
    </Drawer>
  );
}

/** Compares two non-negative decimal strings with at most 2 decimals, without floating point. */
export function compareDecimal(a: string, b: string): number {
  const toPaise = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  };
  const difference = toPaise(a) - toPaise(b);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

function DeleteChannelModal({ row, onClose }: { row: StaffDepositChannel | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const remove = useMutation({
    mutationFn: (reason: string) =>
      deleteDepositChannel({ id: row?.channel.id ?? '', reason }, { idempotencyKey }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['deposit-channels'] });
      setIdempotencyKey(newIdempotencyKey());
      onClose();
    },
  });
  return (
    <Modal
      open={row !== null}
      title={`Delete channel ${row?.channel.name ?? ''}?`}
      okText="Delete channel"
      okButtonProps={{ danger: true }}
      cancelText="Go back"
      confirmLoading={remove.isPending}
      cancelButtonProps={{ disabled: remove.isPending }}
      onOk={() => form.submit()}
      onCancel={remove.isPending ? undefined : onClose}
      destroyOnHidden
      afterOpenChange={(open) => {
        if (open) remove.reset();
      }}
    >
      <p>Investors stop seeing it at once; deposits that name it keep it.</p>
      <Form
        form={form}
        name="deleteDepositChannel"
        layout="vertical"
        onFinish={(v) => remove.mutate(v.reason.trim())}
      >
        <ReasonField />
      </Form>
      {remove.error ? <ErrorAlert title="Nothing was deleted" error={remove.error} /> : null}
    </Modal>
  );
}

/** Deposit channels (bank, UPI, USDT): the list with limits and windows, add, edit and delete. */
export function DepositChannelsTable() {
  const me = useStaffMe();
  const allowed = mayPerform('manageDepositChannels', me.data?.roles);
  const list = useQuery({
    queryKey: ['deposit-channels'],
    queryFn: () => fetchDepositChannels(),
    enabled: allowed,
  });
  const [editing, setEditing] = useState<{ row: StaffDepositChannel | null } | null>(null);
  const [deleting, setDeleting] = useState<StaffDepositChannel | null>(null);
  if (me.data && !allowed) return <RoleNote action="manageDepositChannels" />;
  return (
    <>
      <Space className="filters">
        <Button type="primary" onClick={() => setEditing({ row: null })} disabled={!allowed}>
          Add a channel
        </Button>
      </Space>
      {list.error ? <ErrorAlert error={list.error} /> : null}
      <Table<StaffDepositChannel>
        size="small"
        rowKey={(row) => row.channel.id}
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'No deposit channels.' }}
        columns={[
          { title: 'Order', dataIndex: 'position', width: 70 },
          { title: 'Name', key: 'name', render: (_, row) => row.channel.name },
          { title: 'Kind', key: 'kind', render: (_, row) => KIND_LABELS[row.channel.kind] },
          { title: 'Currency', key: 'currency', render: (_, row) => row.channel.currency },
          {
            title: 'Limits',
            key: 'limits',
            render: (_, row) =>
              `${money(row.channel.min, row.channel.currency)} – ${money(row.channel.max, row.channel.currency)}`,
          },
          {
            title: 'Window (IST)',
            key: 'window',
            render: (_, row) => `${row.channel.windowFrom}–${row.channel.windowTo}`,
          },
          {
            title: 'Details',
            key: 'details',
            ellipsis: true,
            render: (_, row) => (
              <>
                <div>{describeDetails(row.channel)}</div>
                {row.pendingPayeeChange ? (
                  <Tag color="gold">
                    New details waiting for a second approval (asked by {row.pendingPayeeChange.requestedBy})
                  </Tag>
                ) : null}
              </>
            ),
          },
          {
            title: 'State',
            dataIndex: 'enabled',
            render: (enabled: boolean) => (enabled ? <Tag color="green">enabled</Tag> : <Tag>disabled</Tag>),
          },
          { title: 'Changed', dataIndex: 'updatedAt', render: (at: number) => formatIstDateTime(at) },
          {
            title: '',
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button
                  size="small"
                  onClick={() => setEditing({ row })}
                  aria-label={`Edit ${row.channel.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => setDeleting(row)}
                  aria-label={`Delete ${row.channel.name}`}
                >
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Alert
        className="result-panel"
        type="info"
        showIcon
        title="USDT channels can be enabled only while crypto deposits are switched on (funds settings)."
      />
      <ChannelDrawer editing={editing} onClose={() => setEditing(null)} />
      <DeleteChannelModal row={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
