import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Row,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import {
  type ComputeDailyReportBody,
  computeDailyReport,
  type DailyReport,
  fetchDailyReportFile,
  fetchDailyReports,
} from '../api/daily-report-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

const CHARGE_LABELS: Record<DailyReport['charges'][number]['component'], string> = {
  brokerage: 'Brokerage',
  stt: 'STT',
  exchange: 'Exchange transaction charge',
  sebi: 'SEBI fee',
  stamp: 'Stamp duty',
  gst: 'GST',
  dp: 'DP charges',
};

const QUEUE_LABELS: Record<string, string> = {
  kyc: 'KYC',
  day_trading: 'Day trading',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  loans: 'Loans',
  approvals: 'Second approvals',
};

/** The ledger entry kinds of the money flows, by name; a kind not listed shows as stored. */
const FLOW_LABELS: Record<string, string> = {
  deposit_approved: 'Deposits approved',
  loan_repayment_received: 'Loan repayments received',
  withdrawal_paid: 'Withdrawals paid',
};

/** An amount in its currency: rupees with Indian grouping, other currencies with their code. */
function money(currency: string, amount: string): string {
  return currency === 'INR' ? formatRupees(amount) : `${currency} ${formatRupees(amount).slice(1)}`;
}

function inrTotal(rows: readonly { currency: string; amount: string }[]): string {
  // Sums two-decimal strings as whole paise: BigInt, never floating point.
  const paise = rows
    .filter((row) => row.currency === 'INR')
    .reduce((sum, row) => sum + BigInt(row.amount.replace('.', '')), 0n);
  const sign = paise < 0n ? '-' : '';
  const whole = paise < 0n ? -paise : paise;
  return formatRupees(`${sign}${whole / 100n}.${String(whole % 100n).padStart(2, '0')}`);
}

function DownloadButtons({ tradeDate }: { tradeDate: string }) {
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState<'csv' | 'pdf' | null>(null);
  const save = async (kind: 'csv' | 'pdf') => {
    setLoading(kind);
    setError(null);
    try {
      const url = URL.createObjectURL(await fetchDailyReportFile(kind, tradeDate));
      const link = document.createElement('a');
      link.href = url;
      link.download = `nivesh-eod-${tradeDate}.${kind}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(null);
    }
  };
  return (
    <Space direction="vertical" size={4}>
      <Space size={4}>
        <Button size="small" loading={loading === 'csv'} onClick={() => void save('csv')}>
          CSV
        </Button>
        <Button size="small" loading={loading === 'pdf'} onClick={() => void save('pdf')}>
          PDF
        </Button>
      </Space>
      {error ? <ErrorAlert error={error} title="Could not download" /> : null}
    </Space>
  );
}

/** One day's report in full: each section as the PDF has it. */
export function DailyReportDetail({ report }: { report: DailyReport }) {
  const flowRows = (rows: DailyReport['fundsReceived']) =>
    rows.length === 0
      ? 'none'
      : rows.map((row) => (
          <div key={`${row.currency}-${row.kind}`}>
            {FLOW_LABELS[row.kind] ?? row.kind} ({row.entries}):{' '}
            <strong>{money(row.currency, row.amount)}</strong>
          </div>
        ));
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      items={[
        {
          key: 'period',
          label: 'Period (IST)',
          span: 2,
          children: `${formatIstDateTime(report.periodStart)} to ${formatIstDateTime(report.periodEnd)} (previous close to this close)`,
        },
        { key: 'received', label: 'Funds received', children: flowRows(report.fundsReceived) },
        { key: 'paid', label: 'Funds paid', children: flowRows(report.fundsPaid) },
        {
          key: 'client',
          label: 'Client money at the close',
          children: report.clientMoney.map((row) => (
            <div key={row.currency}>
              {row.currency}: held <strong>{money(row.currency, row.held)}</strong>, owed on loans{' '}
              {money(row.currency, row.loansOwed)}
            </div>
          )),
        },
        {
          key: 'turnover',
          label: 'Trading turnover',
          children: (
            <>
              {report.turnover.orders} orders: bought {formatRupees(report.turnover.buy)}, sold{' '}
              {formatRupees(report.turnover.sell)}, total{' '}
              <strong>{formatRupees(report.turnover.total)}</strong>
            </>
          ),
        },
        {
          key: 'charges',
          label: 'Charges collected',
          children: (
            <>
              {report.charges.map((line) => (
                <div key={line.component}>
                  {CHARGE_LABELS[line.component]}: {formatRupees(line.amount)}
                </div>
              ))}
              <div>
                <strong>Total: {formatRupees(report.chargesTotal)}</strong>
              </div>
            </>
          ),
        },
        {
          key: 'positions',
          label: 'Open positions at the close',
          children:
            report.openPositions.length === 0
              ? 'none'
              : report.openPositions.map((row) => (
                  <div key={row.currency}>
                    {row.count} ({row.currency}), margin {money(row.currency, row.margin)}
                  </div>
                )),
        },
        {
          key: 'pending',
          label: 'Pending reviews at the close',
          children: report.pendingReviews.map((row) => (
            <div key={row.queue}>
              {QUEUE_LABELS[row.queue] ?? row.queue}: {row.count}
            </div>
          )),
        },
        {
          key: 'reconciliation',
          label: 'Reconciliation',
          children: (
            <>
              {report.reconciliation.ok ? (
                <Tag color="green">reconciles</Tag>
              ) : (
                <Tag color="red">{report.reconciliation.problems} problems</Tag>
              )}
              checked {formatIstDateTime(report.reconciliation.checkedAt)}
              {report.reconciliation.details.map((detail) => (
                <div key={detail}>
                  <Typography.Text type="danger">{detail}</Typography.Text>
                </div>
              ))}
            </>
          ),
        },
      ]}
    />
  );
}

interface ComputeForm {
  tradeDate: Dayjs;
  reason: string;
}

function ComputeMissedDayCard() {
  const [form] = Form.useForm<ComputeForm>();
  const me = useStaffMe();
  const may = mayPerform('computeDailyReport', me.data?.roles);
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (body: ComputeDailyReportBody, options) => {
    const report = await computeDailyReport(body, options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'daily-reports'] });
    form.resetFields();
    return report;
  });
  const pending = action.pendingValues;
  return (
    <Card title="Make a missed day’s report">
      <Typography.Paragraph type="secondary">
        The server makes each trading day’s report a minute after the close. A day it missed (the server was
        down) is made here, once; a report once made never changes.
      </Typography.Paragraph>
      <RoleNote action="computeDailyReport" />
      <Form<ComputeForm>
        form={form}
        layout="vertical"
        name="computeDailyReport"
        disabled={!may}
        onFinish={(values) =>
          action.ask({ tradeDate: values.tradeDate.format('YYYY-MM-DD'), reason: values.reason.trim() })
        }
      >
        <Form.Item
          name="tradeDate"
          label="Trading day (IST)"
          rules={[{ required: true, message: 'Pick the day' }]}
        >
          <DatePicker format="YYYY-MM-DD" />
        </Form.Item>
        <ReasonField />
        {action.error ? <ErrorAlert title="Not made" error={action.error} /> : null}
        {action.result ? (
          <Alert
            className="result-panel"
            type="success"
            showIcon
            title={`The report of ${action.result.tradeDate} is made and kept`}
          />
        ) : null}
        <Button type="primary" htmlType="submit">
          Review
        </Button>
      </Form>
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`Make the report of ${pending?.tradeDate ?? ''}?`}
        okText="Make the report"
        reason={pending?.reason}
      >
        <p>
          The figures are read from the ledger now, for the period from the previous trading day’s close to
          this day’s close, and stored as they are: the report cannot be made again or changed.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}

/** The end-of-day reports, newest trading day first (docs/adr/0033). */
export function DailyReportsPage() {
  const [before, setBefore] = useState<string | undefined>(undefined);
  const reports = useQuery({
    queryKey: ['console-list', 'daily-reports', before ?? null],
    queryFn: ({ signal }) => fetchDailyReports(before ? { before, limit: 30 } : { limit: 30 }, { signal }),
  });
  const items = reports.data?.items ?? [];
  return (
    <>
      <PageHeading title="Daily reports">
        One report per trading day, made after the close from the ledger: funds received and paid, client
        money held, turnover and charges by line, open positions, pending reviews and the reconciliation.
        Amounts in ₹ with Indian grouping; open a day for every figure.
      </PageHeading>
      <Row gutter={[16, 16]}>
        <Col span={24}>
          {reports.isError ? <ErrorAlert error={reports.error} /> : null}
          <Table<DailyReport>
            rowKey="tradeDate"
            loading={reports.isPending}
            dataSource={items}
            pagination={false}
            expandable={{ expandedRowRender: (report) => <DailyReportDetail report={report} /> }}
            columns={[
              { title: 'Trading day', dataIndex: 'tradeDate' },
              {
                title: 'Received',
                align: 'right',
                render: (_value, report) => inrTotal(report.fundsReceived),
              },
              { title: 'Paid', align: 'right', render: (_value, report) => inrTotal(report.fundsPaid) },
              {
                title: 'Turnover',
                align: 'right',
                render: (_value, report) => formatRupees(report.turnover.total),
              },
              {
                title: 'Charges',
                align: 'right',
                render: (_value, report) => formatRupees(report.chargesTotal),
              },
              {
                title: 'Pending reviews',
                align: 'right',
                render: (_value, report) => report.pendingReviews.reduce((sum, row) => sum + row.count, 0),
              },
              {
                title: 'Reconciliation',
                render: (_value, report) =>
                  report.reconciliation.ok ? (
                    <Tag color="green">reconciles</Tag>
                  ) : (
                    <Tag color="red">{report.reconciliation.problems} problems</Tag>
                  ),
              },
              {
                title: 'Made',
                render: (_value, report) => (
                  <>
                    {formatIstDateTime(report.computedAt)}
                    <br />
                    <Typography.Text type="secondary">by {report.computedBy}</Typography.Text>
                  </>
                ),
              },
              { title: '', render: (_value, report) => <DownloadButtons tradeDate={report.tradeDate} /> },
            ]}
          />
          {items.length === 30 ? (
            <Button style={{ marginTop: 8 }} onClick={() => setBefore(items.at(-1)?.tradeDate)}>
              Older days
            </Button>
          ) : null}
          {before ? (
            <Button style={{ marginTop: 8, marginLeft: 8 }} onClick={() => setBefore(undefined)}>
              Newest days
            </Button>
          ) : null}
        </Col>
        <Col xs={24} xl={12}>
          <ComputeMissedDayCard />
        </Col>
      </Row>
    </>
  );
}
