import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { fetchParameters, type ParameterItem } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ExchangeRatesCard } from '../exchange/ExchangeRatesCard';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { formatIstDateTime } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { BankCodesCard } from './BankCodesCard';
import { ConfigTable } from './ConfigTable';
import { DepositChannelsTable } from './DepositChannelsTable';
import { EditParameterDrawer } from './EditParameterDrawer';
import { describeParameterValue } from './parameter-values';

const GROUP_LABELS: Record<string, string> = {
  trading: 'Orders and positions',
  block: 'Block trades',
  ipo: 'New shares (IPO)',
  loans: 'Credit loans',
  lending: 'Securities lending',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  ledger: 'Ledger corrections',
  accounts: 'Accounts',
  back_office: 'Back office',
};

function ParameterTable() {
  const me = useStaffMe();
  const roles = me.data?.roles ?? [];
  const parameters = useQuery({ queryKey: ['parameters'], queryFn: () => fetchParameters() });
  const [group, setGroup] = useState<string | undefined>();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const items = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (parameters.data?.items ?? []).filter(
      (item) =>
        (!group || item.group === group) &&
        (!needle || item.name.includes(needle) || item.label.toLowerCase().includes(needle)),
    );
  }, [parameters.data, group, text]);
  const editingItem = parameters.data?.items.find((item) => item.name === editing) ?? null;
  const mayEdit = (item: ParameterItem) => item.editors.some((role) => roles.includes(role));

  return (
    <Card>
      <Space className="table-toolbar" wrap>
        <Select
          allowClear
          placeholder="Every group"
          style={{ width: 220 }}
          value={group}
          onChange={setGroup}
          options={Object.entries(GROUP_LABELS).map(([value, label]) => ({ value, label }))}
          aria-label="Group"
        />
        <Input.Search
          allowClear
          placeholder="Name or label"
          style={{ width: 260 }}
          onSearch={setText}
          onChange={(event) => event.target.value === '' && setText('')}
          aria-label="Find a parameter"
        />
        <ExportCsvButton
          what="parameters"
          collect={async () => ({ rows: items, total: items.length, truncated: false })}
          columns={[
            { header: 'name', value: (item) => item.name },
            { header: 'group', value: (item) => item.group },
            { header: 'value', value: (item) => JSON.stringify(item.value) },
            { header: 'default', value: (item) => JSON.stringify(item.defaultValue) },
            { header: 'unit', value: (item) => item.unit },
            {
              header: 'updated_at',
              value: (item) => (item.updatedAt ? new Date(item.updatedAt).toISOString() : ''),
            },
          ]}
        />
      </Space>
      {parameters.error ? <ErrorAlert error={parameters.error} /> : null}
      <Table<ParameterItem>
        rowKey="name"
        size="middle"
        loading={parameters.isLoading}
        dataSource={items}
        pagination={false}
        columns={[
          {
            title: 'Group',
            dataIndex: 'group',
            width: 170,
            render: (value: string) => GROUP_LABELS[value] ?? value,
          },
          {
            title: 'Parameter',
            dataIndex: 'label',
            render: (label: string, item) => (
              <>
                <div>{label}</div>
                <code className="muted-code">{item.name}</code>
              </>
            ),
          },
          {
            title: 'Value',
            key: 'value',
            render: (_value, item) => (
              <Space>
                <span className="amount">{describeParameterValue(item, item.value)}</span>
                {item.isDefault ? <Tag>default</Tag> : <Tag color="blue">changed</Tag>}
              </Space>
            ),
          },
          {
            title: 'Default',
            key: 'default',
            render: (_value, item) => (
              <span className="amount">{describeParameterValue(item, item.defaultValue)}</span>
            ),
          },
          {
            title: 'Changed',
            dataIndex: 'updatedAt',
            width: 200,
            render: (at: number | null) => (at ? formatIstDateTime(at) : '—'),
          },
          {
            title: '',
            key: 'edit',
            width: 90,
            render: (_value, item) => (
              <Button size="small" onClick={() => setEditing(item.name)} aria-label={`Change ${item.name}`}>
                {mayEdit(item) ? 'Change' : 'View'}
              </Button>
            ),
          },
        ]}
      />
      <EditParameterDrawer
        item={editingItem}
        mayEdit={editingItem ? mayEdit(editingItem) : false}
        mayReadHistory={mayPerform('readAudit', roles)}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

export function ParametersPage() {
  return (
    <>
      <PageHeading title="Parameters">
        The rules' numbers (DESIGN.md section 5) and the site's configuration. A change is effective at once
        and recorded in the audit log with its reason.
      </PageHeading>
      <Tabs
        items={[
          { key: 'parameters', label: 'Parameters', children: <ParameterTable /> },
          { key: 'config', label: 'Configuration', children: <ConfigTable /> },
          { key: 'depositChannels', label: 'Deposit channels', children: <DepositChannelsTable /> },
          { key: 'exchangeRates', label: 'Exchange rates', children: <ExchangeRatesCard /> },
          { key: 'bankCodes', label: 'Bank codes', children: <BankCodesCard /> },
        ]}
      />
    </>
  );
}
