import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  type CheckinReward,
  fetchCheckinRewards,
  type SaveRewardBody,
  saveCheckinReward,
} from '../api/review-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { ReasonField } from '../shared/form-fields';
import { formatRupees } from '../shared/format';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';

const AMOUNT = /^[0-9]{1,12}(\.[0-9]{1,2})?$/;

interface RewardForm {
  requiredCount: number;
  amount: string;
  active: boolean;
  reason: string;
}

/**
 * The check-in rewards: after N check-ins an investor may claim the amount (paid from the house
 * rewards account through the ledger). Changing the table moves no money by itself; it is audited.
 */
export function RewardsTable() {
  const me = useStaffMe();
  const mayEdit = mayPerform('saveCheckinReward', me.data?.roles);
  const queryClient = useQueryClient();
  const rewards = useQuery({
    queryKey: ['console-list', 'checkin-rewards'],
    queryFn: () => fetchCheckinRewards(),
  });
  const [editing, setEditing] = useState<CheckinReward | 'new' | null>(null);
  const [form] = Form.useForm<RewardForm>();
  const action = useConfirmedAction(async (body: SaveRewardBody, options) => {
    const saved = await saveCheckinReward(body, options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'checkin-rewards'] });
    setEditing(null);
    return saved;
  });
  const items = rewards.data?.items ?? [];
  const open = (reward: CheckinReward | 'new') => {
    action.dismissResult();
    setEditing(reward);
    form.setFieldsValue(
      reward === 'new'
        ? { requiredCount: 7, amount: '', active: true, reason: '' }
        : { requiredCount: reward.requiredCount, amount: reward.amount, active: reward.active, reason: '' },
    );
  };
  const pending = action.pendingValues;
  return (
    <Card
      title="Check-in rewards"
      extra={
        <Space>
          <ExportCsvButton
            what="checkin-rewards"
            collect={async () => ({ rows: items, total: items.length, truncated: false })}
            columns={[
              { header: 'id', value: (row: CheckinReward) => row.id },
              { header: 'required_count', value: (row) => row.requiredCount },
              { header: 'amount', value: (row) => row.amount },
              { header: 'active', value: (row) => row.active },
            ]}
          />
          <Button type="primary" disabled={!mayEdit} onClick={() => open('new')}>
            Add reward
          </Button>
        </Space>
      }
    >
      {!mayEdit && me.data ? <RoleNote action="saveCheckinReward" /> : null}
      {rewards.error ? <ErrorAlert error={rewards.error} /> : null}
      {action.error ? <ErrorAlert title="Not saved" error={action.error} /> : null}
      {action.result ? (
        <Alert className="result-panel" type="success" showIcon title={`Saved reward ${action.result.id}`} />
      ) : null}
      <Table<CheckinReward>
        className="section-table"
        rowKey="id"
        loading={rewards.isFetching}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'No reward yet.' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 80 },
          { title: 'Check-ins needed', dataIndex: 'requiredCount' },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: string) => <span className="amount">{formatRupees(amount)}</span>,
          },
          {
            title: 'Active',
            dataIndex: 'active',
            render: (active: boolean) => (
              <Tag color={active ? 'green' : 'default'}>{active ? 'active' : 'off'}</Tag>
            ),
          },
          {
            title: '',
            key: 'edit',
            width: 100,
            render: (_value, row) => (
              <Button size="small" disabled={!mayEdit} onClick={() => open(row)}>
                Change
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <Card
          size="small"
          className="drawer-section"
          title={editing === 'new' ? 'New reward' : `Reward ${editing.id}`}
        >
          <Form<RewardForm>
            form={form}
            layout="vertical"
            name="rewardForm"
            onFinish={(values) =>
              action.ask({
                ...(editing === 'new' ? {} : { id: editing.id }),
                requiredCount: values.requiredCount,
                amount: values.amount.trim(),
                active: values.active,
                reason: values.reason.trim(),
              })
            }
          >
            <Space align="start" wrap>
              <Form.Item
                name="requiredCount"
                label="Check-ins needed"
                rules={[
                  { required: true, message: 'How many check-ins' },
                  wholeNumberRule({ min: 1, max: 3660 }),
                ]}
              >
                <WholeNumberInput style={{ width: 120 }} />
              </Form.Item>
              <Form.Item
                name="amount"
                label="Amount (₹)"
                rules={[
                  { required: true, message: 'Enter the amount' },
                  { pattern: AMOUNT, message: 'Rupees with at most 2 decimals' },
                ]}
              >
                <Input inputMode="decimal" style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="active" label="Active" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <ReasonField />
            <Space>
              <Button type="primary" htmlType="submit">
                Review change
              </Button>
              <Button onClick={() => setEditing(null)}>Cancel</Button>
            </Space>
          </Form>
        </Card>
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={pending?.id ? `Change reward ${pending.id}?` : 'Add this reward?'}
        okText="Save reward"
        reason={pending?.reason}
      >
        <p>
          {pending
            ? `After ${pending.requiredCount} check-ins an investor may claim ${formatRupees(String(pending.amount))}${pending.active ? '' : ' (switched off)'}.`
            : ''}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
