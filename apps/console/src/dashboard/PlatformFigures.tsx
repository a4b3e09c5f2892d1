import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import { type DashboardSummary, fetchDashboard } from '../api/console-calls';
import { fetchHealth } from '../api/review-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatAge, formatIstDateTime, formatRupees } from '../shared/format';

const QUEUE_LABELS: Record<string, string> = {
  kyc: 'KYC',
  day_trading: 'Day trading',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  loans: 'Loans',
  approvals: 'Second approvals',
};

/**
 * The engine card reads `GET /api/health`, whose `engineLeader` says whether the server process that
 * answered holds the trading engine's leadership (the advisory lock, or always with one process).
 */
function EngineCard() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: 30_000,
  });
  return (
    <Card size="small" title="Engine" className="status-card">
      {health.error ? <ErrorAlert title="Health check failed" error={health.error} /> : null}
      {health.data ? (
        <Badge
          status={health.data.engineLeader ? 'success' : 'warning'}
          text={
            health.data.engineLeader
              ? 'Running: the server process that answered leads the trading engine'
              : 'The server process that answered does not lead the engine'
          }
        />
      ) : null}
      <Typography.Paragraph type="secondary" className="status-note">
        {health.data && !health.data.engineLeader
          ? 'With several server processes another one may lead; if none does, orders wait unfilled.'
          : 'One process at a time fills orders, stops out and squares off (ADR 0007).'}
      </Typography.Paragraph>
    </Card>
  );
}

function Money({
  figure,
  title,
  kinds,
}: {
  figure: DashboardSummary['today']['deposits'];
  title: string;
  kinds: string[];
}) {
  return (
    <Card size="small" className="figure-card">
      <Statistic title={title} value={formatRupees(figure.amount)} />
      <Typography.Text type="secondary">
        {figure.count} {figure.count === 1 ? 'entry' : 'entries'} · kinds {kinds.join(', ')}
      </Typography.Text>
    </Card>
  );
}

/** "2 h", "90 min", "1 day": a queue's service level as the dashboard says it. */
function formatMinutes(minutes: number): string {
  if (minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} day${minutes === 24 * 60 ? '' : 's'}`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}

/** The platform at a glance, from the ledger and the tables, refreshed every 30 seconds. */
export function PlatformFigures() {
  const summary = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => fetchDashboard(),
    refetchInterval: 30_000,
  });
  if (summary.error) return <ErrorAlert error={summary.error} />;
  const data = summary.data;
  if (!data) return <Card loading />;
  const feedStale = data.feed.lastTickAgeMs === null || data.feed.lastTickAgeMs > 60_000;
  return (
    <Row gutter={[16, 16]} className="platform-figures">
      <Col xs={24} md={12} xl={6}>
        <Card size="small" className="figure-card">
          <Statistic title="Users" value={data.users.total} />
          <Typography.Text type="secondary">{data.users.newToday} new today</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Money
          title={`Deposits today (${data.today.date})`}
          figure={data.today.deposits}
          kinds={data.today.kinds.deposits}
        />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Money
          title="Withdrawals paid today"
          figure={data.today.withdrawals}
          kinds={data.today.kinds.withdrawals}
        />
      </Col>
      <Col xs={24} md={12} xl={6}>
        <Money title="Traded today" figure={data.today.traded} kinds={data.today.kinds.traded} />
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title="Pending reviews" className="status-card">
          {data.pendingReviews.map((queue) => (
            <div key={queue.queue} className="status-line">
              <span>{QUEUE_LABELS[queue.queue] ?? queue.queue}</span>
              <span>
                {queue.overdue > 0 ? (
                  <Tag color="red" title={`waiting longer than ${formatMinutes(queue.slaMinutes)}`}>
                    {queue.overdue} overdue
                  </Tag>
                ) : null}
                <Badge count={queue.count} showZero color={queue.count > 0 ? 'gold' : 'green'} />
              </span>
            </div>
          ))}
          <Typography.Text type="secondary">
            Overdue: waiting longer than the queue's service level (Parameters, back office).
          </Typography.Text>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card size="small" title="Reconciliation and feed" className="status-card">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'reconciliation',
                label: 'Last reconciliation',
                children: data.reconciliation ? (
                  <>
                    <Tag color={data.reconciliation.ok ? 'green' : 'red'}>
                      {data.reconciliation.ok ? 'clean' : `${data.reconciliation.problems} problems`}
                    </Tag>
                    {formatIstDateTime(data.reconciliation.checkedAt)}
                    {data.reconciliation.by ? ` by ${data.reconciliation.by}` : ''}
                  </>
                ) : (
                  'not run from the console yet'
                ),
              },
              {
                key: 'feed',
                label: 'Market feed',
                children: <Tag color={data.feed.mode === 'none' ? 'default' : 'blue'}>{data.feed.mode}</Tag>,
              },
              {
                key: 'tick',
                label: 'Last tick',
                children: (
                  <Typography.Text type={feedStale ? 'warning' : undefined}>
                    {formatAge(data.feed.lastTickAgeMs)}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <EngineCard />
      </Col>
    </Row>
  );
}
