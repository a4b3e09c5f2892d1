import { useQuery } from '@tanstack/react-query';
import { Alert, Card, List, Space, Tag, Typography } from 'antd';
import { type ConsoleAlert, fetchAlerts } from '../api/alert-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime } from '../shared/format';

/** How an alert's deliveries went: the last try per channel. */
function deliveryTags(alert: ConsoleAlert) {
  const channels = [...new Set(alert.deliveries.map((row) => row.channel))];
  return channels.map((channel) => {
    const tries = alert.deliveries.filter((row) => row.channel === channel);
    const last = tries.at(-1)!;
    return (
      <Tag key={channel} color={last.delivered ? 'green' : 'orange'}>
        {channel}: {last.delivered ? 'delivered' : `failed (${last.error ?? 'no answer'})`}, {tries.length}{' '}
        {tries.length === 1 ? 'try' : 'tries'}
      </Tag>
    );
  });
}

/**
 * The alerts (docs/adr/0033): a review queue past its SLA, a stale feed while the market is open, a
 * failed reconciliation. Open ones first in red; cleared ones of the last week below them.
 */
export function AlertsCard() {
  const alerts = useQuery({
    queryKey: ['console-list', 'alerts'],
    queryFn: ({ signal }) => fetchAlerts({ signal }),
    refetchInterval: 30_000,
  });
  const items = alerts.data?.items ?? [];
  const open = items.filter((item) => item.clearedAt === null);
  const channels = alerts.data?.channels;
  return (
    <Card
      title="Alerts"
      extra={
        channels ? (
          <Typography.Text type="secondary">
            Also sent to:{' '}
            {[channels.webhook ? 'webhook' : null, channels.mail ? 'mail' : null]
              .filter(Boolean)
              .join(' and ') || 'nothing (no webhook or mail configured)'}
          </Typography.Text>
        ) : null
      }
    >
      {alerts.isError ? <ErrorAlert error={alerts.error} /> : null}
      {alerts.isSuccess && open.length === 0 ? (
        <Alert
          type="success"
          showIcon
          title="No open alert: every queue within its SLA, the feed live, the ledger reconciled"
        />
      ) : null}
      <List<ConsoleAlert>
        loading={alerts.isPending}
        dataSource={items}
        locale={{ emptyText: 'No alert in the last 7 days' }}
        renderItem={(item) => (
          <List.Item>
            <Space direction="vertical" size={2}>
              <Space>
                {item.clearedAt === null ? <Tag color="red">open</Tag> : <Tag>cleared</Tag>}
                <Typography.Text strong={item.clearedAt === null}>{item.summary}</Typography.Text>
              </Space>
              <Typography.Text type="secondary">
                Raised {formatIstDateTime(item.raisedAt)}
                {item.clearedAt !== null ? `, cleared ${formatIstDateTime(item.clearedAt)}` : ''}
              </Typography.Text>
              <Space size={4}>{deliveryTags(item)}</Space>
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
