import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  type AddChargeScheduleBody,
  addChargeScheduleWithReason,
  type ChargeAccountRow,
  type ChargeScheduleRow,
  fetchChargeAccounts,
  fetchChargeSchedules,
} from '../api/charges-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

/*
 * Charges (docs/adr/0020-charges-schedule-and-postings.md): the schedules of rates, each in force
 * from its IST date, the form finance uses to add the next one (with a reason, confirmed, audited),
 * and the house accounts the charges post to, with whom each balance belongs to.
 */

const RATES = [
  ['sttDeliveryBuy', 'STT delivery, buy'],
  ['sttDeliverySell', 'STT delivery, sell'],
  ['sttIntradayBuy', 'STT intraday, buy'],
  ['sttIntradaySell', 'STT intraday, sell'],
  ['exchange', 'Exchange transaction charge'],
  ['sebi', 'SEBI turnover fee'],
  ['stampDeliveryBuy', 'Stamp duty delivery, buy'],
  ['stampIntradayBuy', 'Stamp duty intraday, buy'],
  ['gst', 'GST'],
] as const;
type RateName = (typeof RATES)[number][0];
const PRODUCTS = ['CNC', 'MIS', 'MTF'] as const;
const PERCENT = /^[0-9]{1,3}(\.[0-9]{1,7})?$/;
const RUPEES = /^[0-9]+(\.[0-9]{1,2})?$/;

type PlanForm = { kind: 'zero' | 'flat' | 'percent'; amount?: string; ratePercent?: string; cap?: string };
type AddForm = { effectiveFrom: Dayjs; dpCharge: string; reason: string } & Record<RateName, string> &
  Record<(typeof PRODUCTS)[number], PlanForm>;

function planText(plan: ChargeScheduleRow['brokerage']['CNC']): string {
  if (plan.kind === 'zero') return 'zero';
  if (plan.kind === 'flat') return `₹${plan.perOrder} an order`;
  return plan.cap === null ? `${plan.ratePercent}%` : `lower of ${plan.ratePercent}% and ₹${plan.cap}`;
}

function initialValuesOf(current: ChargeScheduleRow | undefined): Partial<AddForm> {
  if (!current) return {};
  const plans = Object.fromEntries(
    PRODUCTS.map((product) => {
      const plan = current.brokerage[product];
      return [
        product,
        plan.kind === 'flat'
          ? { kind: 'flat', amount: plan.perOrder }
          : plan.kind === 'percent'
            ? { kind: 'percent', ratePercent: plan.ratePercent, cap: plan.cap ?? '' }
            : { kind: 'zero' },
      ];
    }),
  );
  return {
    ...plans,
    ...Object.fromEntries(RATES.map(([name]) => [name, current[name]])),
    dpCharge: current.dpCharge,
  } as Partial<AddForm>;
}

function toBody(values: AddForm): AddChargeScheduleBody {
  const plan = (form: PlanForm) =>
    form.kind === 'flat'
      ? { kind: 'flat' as const, perOrder: (form.amount ?? '').trim() }
      : form.kind === 'percent'
        ? {
            kind: 'percent' as const,
            ratePercent: (form.ratePercent ?? '').trim(),
            cap: form.cap?.trim() ? form.cap.trim() : null,
          }
        : { kind: 'zero' as const };
  return {
    effectiveFrom: values.effectiveFrom.format('YYYY-MM-DD'),
    brokerage: { CNC: plan(values.CNC), MIS: plan(values.MIS), MTF: plan(values.MTF) },
    ...(Object.fromEntries(RATES.map(([name]) => [name, values[name].trim()])) as Record<RateName, string>),
    dpCharge: values.dpCharge.trim(),
    reason: values.reason.trim(),
  };
}

function PlanFields({ product }: { product: (typeof PRODUCTS)[number] }) {
  const form = Form.useFormInstance<AddForm>();
  const kind = Form.useWatch([product, 'kind'], form) ?? 'zero';
  return (
    <Space align="start" wrap>
      <Form.Item name={[product, 'kind']} label={`Brokerage ${product}`}>
        <Select
          style={{ width: 130 }}
          options={[
            { value: 'zero', label: 'Zero' },
            { value: 'flat', label: 'Flat per order' },
            { value: 'percent', label: 'Percent, capped' },
          ]}
        />
      </Form.Item>
      {kind === 'flat' ? (
        <Form.Item
          name={[product, 'amount']}
          label="₹ per order"
          rules={[{ required: true, pattern: RUPEES, message: 'rupees, 2 decimals' }]}
        >
          <Input style={{ width: 100 }} />
        </Form.Item>
      ) : null}
      {kind === 'percent' ? (
        <>
          <Form.Item
            name={[product, 'ratePercent']}
            label="%"
            rules={[{ required: true, pattern: PERCENT, message: 'percent, ≤ 7 decimals' }]}
          >
            <Input style={{ width: 100 }} />
          </Form.Item>
          <Form.Item
            name={[product, 'cap']}
            label="Cap ₹ (blank: none)"
            rules={[{ pattern: RUPEES, message: 'rupees' }]}
          >
            <Input style={{ width: 100 }} />
          </Form.Item>
        </>
      ) : null}
    </Space>
  );
}

function AddScheduleCard({ current, today }: { current: ChargeScheduleRow | undefined; today: string }) {
  const [form] = Form.useForm<AddForm>();
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (body: AddChargeScheduleBody, options) => {
    const added = await addChargeScheduleWithReason(body, options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'charge-schedules'] });
    return added;
  });
  const pending = action.pendingValues;
  return (
    <Card title="Add a schedule">
      <p>
        Copied from the schedule in force. A new schedule starts on a date after today ({today}, IST); trades
        before it keep the rates they were charged.
      </p>
      <Form<AddForm>
        form={form}
        layout="vertical"
        name="addChargeSchedule"
        initialValues={initialValuesOf(current)}
        key={current?.id ?? 'none'}
        onFinish={(values) => action.ask(toBody(values))}
      >
        <Form.Item
          name="effectiveFrom"
          label="In force from (IST)"
          rules={[{ required: true, message: 'Pick the date' }]}
        >
          <DatePicker format="YYYY-MM-DD" />
        </Form.Item>
        {PRODUCTS.map((product) => (
          <PlanFields key={product} product={product} />
        ))}
        <Row gutter={8}>
          {RATES.map(([name, label]) => (
            <Col span={12} key={name}>
              <Form.Item
                name={name}
                label={`${label} (%)`}
                rules={[{ required: true, pattern: PERCENT, message: 'a percent, at most 7 decimals' }]}
              >
                <Input />
              </Form.Item>
            </Col>
          ))}
          <Col span={12}>
            <Form.Item
              name="dpCharge"
              label="DP charge (₹ per scrip-day, before GST)"
              rules={[{ required: true, pattern: RUPEES, message: 'rupees, 2 decimals' }]}
            >
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="reason"
          label="Reason (the circular)"
          rules={[
            { required: true, whitespace: true, message: 'Say why' },
            {
              min: 3,
              max: 500,
              message: '3 to 500 characters',
              transform: (value?: string) => value?.trim(),
            },
          ]}
        >
          <Input.TextArea maxLength={500} rows={2} placeholder="SEBI circular … of …" />
        </Form.Item>
        {action.error ? <ErrorAlert title="Not added" error={action.error} /> : null}
        {action.result ? (
          <Alert
            className="result-panel"
            type="success"
            showIcon
            title={`Added: trades from ${action.result.effectiveFrom} are charged at these rates`}
          />
        ) : null}
        <Button type="primary" htmlType="submit">
          Review schedule
        </Button>
      </Form>
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`Charge these rates from ${pending?.effectiveFrom ?? ''}?`}
        okText="Add the schedule"
        danger
        reason={pending?.reason}
      >
        <p>
          Every order executed from that IST date is charged at these rates. A schedule cannot be edited or
          removed; a correction is another schedule from a later date.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}

const OWED_TO: Record<ChargeAccountRow['owedTo'], string> = {
  broker: 'the broker (revenue)',
  government: 'the government',
  exchange: 'the exchange',
  sebi: 'SEBI',
};

/** Charge schedules and the house charge accounts. */
export function ChargesPage() {
  const me = useStaffMe();
  const schedules = useQuery({
    queryKey: ['console-list', 'charge-schedules'],
    queryFn: fetchChargeSchedules,
  });
  const accounts = useQuery({
    queryKey: ['console-list', 'charge-accounts'],
    queryFn: fetchChargeAccounts,
  });
  const rows = schedules.data?.items ?? [];
  const current = rows.find((row) => row.inForce);
  const mayAdd = mayPerform('addChargeSchedule', me.data?.roles);
  return (
    <>
      <PageHeading title="Charges">
        Brokerage and statutory charges of every executed order, by the schedule in force on its trade date
        (IST), and what the house accounts hold for whom.
      </PageHeading>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Card title="Schedules">
            {schedules.error ? <ErrorAlert error={schedules.error} /> : null}
            <Table<ChargeScheduleRow>
              className="section-table"
              rowKey="id"
              size="small"
              loading={schedules.isFetching}
              dataSource={rows}
              pagination={false}
              scroll={{ x: true }}
              columns={[
                {
                  title: 'From',
                  key: 'from',
                  render: (_value, row) => (
                    <span className="nowrap">
                      {row.effectiveFrom} {row.inForce ? <Tag color="green">in force</Tag> : null}
                    </span>
                  ),
                },
                {
                  title: 'Brokerage',
                  key: 'brokerage',
                  render: (_value, row) =>
                    PRODUCTS.map((product) => (
                      <div key={product}>
                        {product}: {planText(row.brokerage[product])}
                      </div>
                    )),
                },
                {
                  title: 'STT % (delivery buy/sell, intraday buy/sell)',
                  key: 'stt',
                  render: (_value, row) =>
                    `${row.sttDeliveryBuy} / ${row.sttDeliverySell}, ${row.sttIntradayBuy} / ${row.sttIntradaySell}`,
                },
                { title: 'Exchange %', dataIndex: 'exchange' },
                { title: 'SEBI %', dataIndex: 'sebi' },
                {
                  title: 'Stamp % (delivery, intraday)',
                  key: 'stamp',
                  render: (_value, row) => `${row.stampDeliveryBuy}, ${row.stampIntradayBuy}`,
                },
                { title: 'GST %', dataIndex: 'gst' },
                { title: 'DP ₹', dataIndex: 'dpCharge' },
                {
                  title: 'Reason',
                  key: 'reason',
                  render: (_value, row) => (
                    <span title={formatIstDateTime(row.createdAt)}>
                      {row.reason}
                      {row.createdBy ? ` (staff #${row.createdBy})` : ' (seeded)'}
                    </span>
                  ),
                },
              ]}
            />
          </Card>
          <Card title="House charge accounts" style={{ marginTop: 16 }}>
            {accounts.error ? <ErrorAlert error={accounts.error} /> : null}
            <Table<ChargeAccountRow>
              className="section-table"
              rowKey="purpose"
              size="small"
              loading={accounts.isFetching}
              dataSource={accounts.data?.items ?? []}
              pagination={false}
              columns={[
                { title: 'Account', dataIndex: 'purpose' },
                { title: 'Belongs to', key: 'owed', render: (_value, row) => OWED_TO[row.owedTo] },
                { title: 'Balance ₹', dataIndex: 'balance', align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          {mayAdd ? (
            <AddScheduleCard current={current} today={schedules.data?.today ?? ''} />
          ) : me.data ? (
            <RoleNote action="addChargeSchedule" />
          ) : null}
        </Col>
      </Row>
    </>
  );
}
