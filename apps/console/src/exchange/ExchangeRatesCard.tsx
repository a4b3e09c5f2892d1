import { CURRENCIES } from '@nivesh/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import {
  type ExchangeRateBody,
  fetchExchangeRates,
  type StaffExchangeRate,
  setExchangeRate,
} from '../api/exchange-rate-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

/** An exact decimal rate as the server takes it: digits, at most one point. */
const RATE_PATTERN = /^[0-9]{1,9}(\.[0-9]{1,9})?$/;

const currencyOptions = CURRENCIES.map((code) => ({ value: code, label: code }));

/** "0.50%": a spread in basis points as the confirm dialog says it. */
const spreadPercent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/**
 * Finance opens currency pairs for investors' exchanges: each direction has its own rate (1 `from`
 * buys `rate` `to`, an exact decimal) and a spread in basis points taken from what the investor
 * receives. A pair switched off is refused to investors at once. Read and changed by the roles of
 * exchangeRates/set only, so no other role's page asks the server for it.
 */
export function ExchangeRatesCard() {
  const me = useStaffMe();
  const allowed = mayPerform('manageExchangeRates', me.data?.roles);
  const queryClient = useQueryClient();
  const rates = useQuery({
    queryKey: ['exchange-rates'],
    queryFn: () => fetchExchangeRates(),
    enabled: allowed,
  });
  const [form] = Form.useForm<ExchangeRateBody>();
  const action = useConfirmedAction(async (values: ExchangeRateBody, options) => {
    const saved = await setExchangeRate(
      { ...values, rate: values.rate.trim(), reason: values.reason?.trim() },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
    return saved;
  });
  const pending = action.pendingValues;
  if (me.data && !allowed) return <RoleNote action="manageExchangeRates" />;
  return (
    <>
      {rates.error ? <ErrorAlert error={rates.error} /> : null}
      {action.error ? <ErrorAlert title="Rate not saved" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={`Saved: 1 ${action.result.from} buys ${action.result.rate} ${action.result.to}, spread ${spreadPercent(action.result.spreadBps)}${action.result.enabled ? '' : ' (switched off)'}`}
        />
      ) : null}
      <Table<StaffExchangeRate>
        rowKey={(row) => `${row.from}:${row.to}`}
        loading={rates.isFetching}
        dataSource={rates.data?.items ?? []}
        pagination={false}
        size="small"
        locale={{ emptyText: 'No currency pair yet: investors cannot exchange until one is set.' }}
        columns={[
          { title: 'From', dataIndex: 'from', width: 90 },
          { title: 'To', dataIndex: 'to', width: 90 },
          {
            title: 'Rate',
            dataIndex: 'rate',
            render: (rate: string, row) => `1 ${row.from} = ${rate} ${row.to}`,
          },
          {
            title: 'Spread',
            dataIndex: 'spreadBps',
            render: (bps: number) => `${bps} bps (${spreadPercent(bps)})`,
          },
          {
            title: 'State',
            dataIndex: 'enabled',
            render: (enabled: boolean) => (enabled ? <Tag color="green">open</Tag> : <Tag>switched off</Tag>),
          },
          { title: 'Changed', dataIndex: 'updatedAt', render: (at: number) => formatIstDateTime(at) },
          {
            title: '',
            key: 'edit',
            render: (_value, row) => (
              <Button
                size="small"
                onClick={() =>
                  form.setFieldsValue({
                    from: row.from,
                    to: row.to,
                    rate: row.rate,
                    spreadBps: row.spreadBps,
                    enabled: row.enabled,
                  })
                }
              >
                Edit
              </Button>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Set a rate
      </Typography.Title>
      <Form<ExchangeRateBody>
        form={form}
        name="exchangeRate"
        layout="inline"
        className="filter-form"
        initialValues={{ from: 'INR', to: 'USD', spreadBps: 50, enabled: true }}
        onFinish={action.ask}
      >
        <Form.Item name="from" label="From" rules={[{ required: true }]}>
          <Select style={{ width: 100 }} options={currencyOptions} />
        </Form.Item>
        <Form.Item
          name="to"
          label="To"
          dependencies={['from']}
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value === getFieldValue('from')
                  ? Promise.reject(new Error('Choose two different currencies'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select style={{ width: 100 }} options={currencyOptions} />
        </Form.Item>
        <Form.Item
          name="rate"
          label="1 From buys"
          rules={[
            { required: true, message: 'Enter the rate' },
            { pattern: RATE_PATTERN, message: 'An exact decimal, such as 0.012 or 83.25' },
          ]}
        >
          <Input style={{ width: 140 }} placeholder="0.012" />
        </Form.Item>
        <Form.Item name="spreadBps" label="Spread (bps)" rules={[{ required: true }]}>
          <InputNumber min={0} max={1000} precision={0} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="enabled" label="Open to investors" valuePropName="checked">
          <Switch />
        </Form.Item>
        <div style={{ flexBasis: '100%' }}>
          <ReasonField />
        </div>
        <Button type="primary" htmlType="submit" disabled={!allowed}>
          Save rate
        </Button>
      </Form>
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={pending ? `Set ${pending.from} → ${pending.to}?` : ''}
        okText="Save rate"
        reason={pending?.reason}
      >
        {pending ? (
          <p>
            1 {pending.from} buys {pending.rate} {pending.to}; investors receive{' '}
            {spreadPercent(pending.spreadBps)} less than that.{' '}
            {pending.enabled ? 'Open to investors at once.' : 'Switched off: exchanges are refused.'}
          </p>
        ) : null}
      </ConfirmActionModal>
    </>
  );
}
