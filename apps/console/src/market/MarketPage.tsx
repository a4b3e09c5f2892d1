import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  type AddCorporateActionBody,
  addCorporateActionWithReason,
  type CorporateAction,
  type CorporateActionFilter,
  fetchCorporateActions,
  fetchFeedStatus,
  fetchInstruments,
  type Instrument,
  type InstrumentFilter,
  switchFeed,
} from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { collectAllPages } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { compactFilter } from '../shared/filters';
import { ReasonField } from '../shared/form-fields';
import { formatAge, formatIstDateTime, formatRupees } from '../shared/format';
import { istDayStartMsOfPicked } from '../shared/ist-picker';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { useServerPage } from '../shared/use-server-page';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';
import { EditInstrumentDrawer, SEGMENTS } from './EditInstrumentDrawer';

function Instruments() {
  const list = useServerPage('instruments', fetchInstruments, {} as InstrumentFilter);
  const [editing, setEditing] = useState<Instrument | null>(null);
  return (
    <Card>
      <Form<InstrumentFilter>
        name="instrumentFilter"
        layout="inline"
        className="filter-form"
        onFinish={(values) => list.setFilter(compactFilter(values) as InstrumentFilter)}
      >
        <Form.Item name="query" label="Symbol or name">
          <Input allowClear style={{ width: 180 }} maxLength={40} />
        </Form.Item>
        <Form.Item name="kind" label="Kind">
          <Select
            allowClear
            placeholder="Any"
            style={{ width: 120 }}
            options={['equity', 'index', 'crypto', 'forex'].map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item name="segment" label="Segment">
          <Select
            allowClear
            placeholder="Any"
            style={{ width: 140 }}
            options={SEGMENTS.map((value) => ({ value, label: value }))}
          />
        </Form.Item>
        <Form.Item name="tradable" label="Tradable">
          <Select
            allowClear
            placeholder="Any"
            style={{ width: 100 }}
            options={[
              { value: true, label: 'yes' },
              { value: false, label: 'no' },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Filter
          </Button>
          <ExportCsvButton
            what="instruments"
            collect={() => collectAllPages(fetchInstruments, list.filter)}
            columns={[
              { header: 'symbol', value: (row: Instrument) => row.symbol },
              { header: 'name', value: (row) => row.name },
              { header: 'kind', value: (row) => row.kind },
              { header: 'segment', value: (row) => row.segment },
              { header: 'tick', value: (row) => row.tickSize },
              { header: 'band_bps', value: (row) => row.priceBandBps },
              { header: 'leverages', value: (row) => row.leverages.join(' ') },
              { header: 'shortable', value: (row) => row.shortable },
              { header: 'tradable', value: (row) => row.tradable },
            ]}
          />
        </Space>
      </Form>
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      <Table<Instrument>
        className="section-table"
        rowKey="symbol"
        tableLayout="fixed"
        size="middle"
        loading={list.query.isFetching}
        dataSource={list.query.data?.items ?? []}
        pagination={list.pagination}
        columns={[
          {
            title: 'Symbol',
            dataIndex: 'symbol',
            width: 130,
            render: (symbol: string) => <strong className="nowrap">{symbol}</strong>,
          },
          { title: 'Name', dataIndex: 'name', ellipsis: true },
          { title: 'Kind', dataIndex: 'kind', width: 80 },
          { title: 'Segment', dataIndex: 'segment', width: 100 },
          {
            title: 'Tick',
            dataIndex: 'tickSize',
            align: 'right',
            width: 70,
            render: (tick: string) => <span className="amount">{tick}</span>,
          },
          {
            title: 'Band',
            dataIndex: 'priceBandBps',
            align: 'right',
            width: 70,
            render: (bps: number) => (bps === 0 ? 'none' : `±${bps / 100}%`),
          },
          {
            title: 'Leverages',
            width: 110,
            dataIndex: 'leverages',
            render: (leverages: number[]) => leverages.map((value) => `${value}×`).join(' '),
          },
          {
            title: 'Trading',
            key: 'state',
            width: 180,
            render: (_value, row) => (
              <Space size={4}>
                <Tag color={row.tradable ? 'green' : 'red'}>{row.tradable ? 'tradable' : 'halted'}</Tag>
                {row.shortable ? <Tag>shortable</Tag> : null}
              </Space>
            ),
          },
          {
            title: '',
            key: 'edit',
            width: 70,
            render: (_value, row) => (
              <Button size="small" onClick={() => setEditing(row)} aria-label={`Edit ${row.symbol}`}>
                Edit
              </Button>
            ),
          },
        ]}
      />
      <EditInstrumentDrawer instrument={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

interface ActionFormValues {
  symbol: string;
  kind: AddCorporateActionBody['kind'];
  exDate: Dayjs;
  ratioFrom?: number;
  ratioTo?: number;
  dividend?: string;
  reason: string;
}

const toActionBody = (values: ActionFormValues): AddCorporateActionBody => ({
  symbol: values.symbol.trim().toUpperCase(),
  kind: values.kind,
  exDate: istDayStartMsOfPicked(values.exDate),
  reason: values.reason.trim(),
  ...(values.kind === 'dividend'
    ? { dividend: (values.dividend ?? '').trim() }
    : { ratioFrom: values.ratioFrom ?? 0, ratioTo: values.ratioTo ?? 0 }),
});

function CorporateActions() {
  const me = useStaffMe();
  const allowed = mayPerform('addCorporateAction', me.data?.roles);
  const queryClient = useQueryClient();
  const list = useServerPage('corporate-actions', fetchCorporateActions, {} as CorporateActionFilter);
  const [form] = Form.useForm<ActionFormValues>();
  const kind = Form.useWatch('kind', form);
  const action = useConfirmedAction(async (values: ActionFormValues, options) => {
    const added = await addCorporateActionWithReason(toActionBody(values), options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'corporate-actions'] });
    form.resetFields();
    return added;
  });
  const pending = action.pendingValues;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={15}>
        <Card
          title="Corporate actions"
          extra={
            <Space>
              <Input.Search
                allowClear
                placeholder="Symbol"
                style={{ width: 160 }}
                onSearch={(symbol) => list.setFilter(compactFilter({ symbol }) as CorporateActionFilter)}
              />
              <ExportCsvButton
                what="corporate-actions"
                collect={() => collectAllPages(fetchCorporateActions, list.filter)}
                columns={[
                  { header: 'id', value: (row: CorporateAction) => row.id },
                  { header: 'symbol', value: (row) => row.symbol },
                  { header: 'kind', value: (row) => row.kind },
                  { header: 'ex_date_utc', value: (row) => new Date(row.exDate).toISOString() },
                  { header: 'ratio_from', value: (row) => row.ratioFrom },
                  { header: 'ratio_to', value: (row) => row.ratioTo },
                  { header: 'dividend', value: (row) => row.dividend },
                ]}
              />
            </Space>
          }
        >
          {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
          <Table<CorporateAction>
            rowKey="id"
            size="small"
            loading={list.query.isFetching}
            dataSource={list.query.data?.items ?? []}
            pagination={list.pagination}
            locale={{ emptyText: 'No corporate actions recorded.' }}
            columns={[
              { title: 'Symbol', dataIndex: 'symbol' },
              { title: 'Kind', dataIndex: 'kind', render: (value: string) => <Tag>{value}</Tag> },
              { title: 'Ex-date', dataIndex: 'exDate', render: (at: number) => formatIstDateTime(at) },
              {
                title: 'Terms',
                key: 'terms',
                render: (_value, row) =>
                  row.kind === 'dividend'
                    ? `${formatRupees(row.dividend)} per share`
                    : `${row.ratioFrom}:${row.ratioTo}`,
              },
              { title: 'Recorded', dataIndex: 'createdAt', render: (at: number) => formatIstDateTime(at) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={9}>
        <Card title="Record a corporate action">
          {me.data && !allowed ? <RoleNote action="addCorporateAction" /> : null}
          <Typography.Paragraph type="secondary">
            Charts adjust past prices with these (forward or backward adjustment). A split 1:2 doubles the
            shares.
          </Typography.Paragraph>
          <Form<ActionFormValues>
            form={form}
            name="addCorporateAction"
            layout="vertical"
            disabled={!allowed}
            initialValues={{ kind: 'split' }}
            onFinish={action.ask}
          >
            <Form.Item
              name="symbol"
              label="Symbol"
              rules={[{ required: true, whitespace: true, message: 'Enter the symbol' }]}
            >
              <Input maxLength={40} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="kind" label="Kind">
              <Radio.Group
                optionType="button"
                options={['split', 'bonus', 'dividend'].map((value) => ({ value, label: value }))}
              />
            </Form.Item>
            <Form.Item
              name="exDate"
              label="Ex-date (IST)"
              rules={[{ required: true, message: 'Choose the ex-date' }]}
            >
              <DatePicker />
            </Form.Item>
            {kind === 'dividend' ? (
              <Form.Item
                name="dividend"
                label="Dividend per share (₹)"
                rules={[
                  {
                    required: true,
                    pattern: /^[0-9]{1,6}(\.[0-9]{1,2})?$/,
                    message: 'Rupees, at most 2 decimals',
                  },
                ]}
              >
                <Input prefix="₹" style={{ width: 160 }} />
              </Form.Item>
            ) : (
              <Space>
                <Form.Item
                  name="ratioFrom"
                  label="From"
                  rules={[
                    { required: true, message: '1–1000' },
                    wholeNumberRule({ min: 1, max: 1000, message: '1–1000' }),
                  ]}
                >
                  <WholeNumberInput style={{ width: 100 }} />
                </Form.Item>
                <Form.Item
                  name="ratioTo"
                  label="To"
                  rules={[
                    { required: true, message: '1–1000' },
                    wholeNumberRule({ min: 1, max: 1000, message: '1–1000' }),
                  ]}
                >
                  <WholeNumberInput style={{ width: 100 }} />
                </Form.Item>
              </Space>
            )}
            <ReasonField />
            <Button type="primary" htmlType="submit">
              Review
            </Button>
          </Form>
          {action.error ? <ErrorAlert title="Nothing was recorded" error={action.error} /> : null}
          {action.result ? (
            <Alert
              className="result-panel"
              type="success"
              showIcon
              title={`Recorded ${action.result.kind} for ${action.result.symbol}`}
            />
          ) : null}
          <ConfirmActionModal
            {...confirmDialogProps(action)}
            title={`Record a ${pending?.kind ?? ''} for ${pending?.symbol.toUpperCase() ?? ''}?`}
            okText="Record"
            reason={pending?.reason}
          >
            <p>Every chart of the symbol is adjusted with it from the next request.</p>
          </ConfirmActionModal>
        </Card>
      </Col>
    </Row>
  );
}

function FeedControl() {
  const me = useStaffMe();
  const allowed = mayPerform('setFeed', me.data?.roles);
  const queryClient = useQueryClient();
  const feed = useQuery({ queryKey: ['feed'], queryFn: () => fetchFeedStatus(), refetchInterval: 10_000 });
  const action = useConfirmedAction(
    async (values: { mode: 'simulated' | 'none'; reason: string }, options) => {
      const status = await switchFeed({ mode: values.mode, reason: values.reason.trim() }, options);
      await queryClient.invalidateQueries({ queryKey: ['feed'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      return status;
    },
  );
  const pending = action.pendingValues;
  const data = feed.data;
  const next = data?.mode === 'none' ? 'simulated' : 'none';
  return (
    <Card title="Market feed">
      {feed.error ? <ErrorAlert error={feed.error} /> : null}
      {data ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            {
              key: 'mode',
              label: 'Feed',
              children: <Tag color={data.mode === 'none' ? 'default' : 'blue'}>{data.mode}</Tag>,
            },
            {
              key: 'tick',
              label: 'Last tick',
              children: data.lastTickAt
                ? `${formatIstDateTime(data.lastTickAt)} (${formatAge(data.lastTickAgeMs)})`
                : 'never',
            },
            {
              key: 'control',
              label: 'Switchable here',
              children: data.controllable
                ? 'yes'
                : 'no: this server was started without the simulator (NIVESH_FEED=none)',
            },
          ]}
        />
      ) : null}
      <Typography.Paragraph type="secondary" className="status-note">
        Stopping the simulator freezes every price; market screens keep saying "Simulated market". The choice
        lasts until the server restarts (NIVESH_FEED decides at start).
      </Typography.Paragraph>
      {me.data && !allowed ? <RoleNote action="setFeed" /> : null}
      {data?.controllable ? (
        <Form<{ reason: string }>
          name="feedControl"
          layout="vertical"
          disabled={!allowed}
          onFinish={(values) => action.ask({ mode: next, reason: values.reason })}
        >
          <ReasonField />
          <Button type="primary" danger={next === 'none'} htmlType="submit">
            {next === 'none' ? 'Stop the simulated feed' : 'Start the simulated feed'}
          </Button>
        </Form>
      ) : null}
      {action.error ? <ErrorAlert title="The feed was not switched" error={action.error} /> : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={pending?.mode === 'none' ? 'Stop the simulated feed?' : 'Start the simulated feed?'}
        okText={pending?.mode === 'none' ? 'Stop feed' : 'Start feed'}
        danger={pending?.mode === 'none'}
        reason={pending?.reason}
      >
        <p>
          {pending?.mode === 'none'
            ? 'Prices stop moving for everyone; limit orders do not trigger.'
            : 'Prices move again from where they stopped.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}

export function MarketPage() {
  return (
    <>
      <PageHeading title="Market">
        Instruments and their trading terms, corporate actions and the feed.
      </PageHeading>
      <Tabs
        items={[
          { key: 'instruments', label: 'Instruments', children: <Instruments /> },
          { key: 'actions', label: 'Corporate actions', children: <CorporateActions /> },
          { key: 'feed', label: 'Feed', children: <FeedControl /> },
        ]}
      />
    </>
  );
}
