import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import {
  approveDayTradingApplication,
  type DayTradingApplication,
  fetchDayTradingApplications,
  rejectDayTradingApplication,
} from '../api/review-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { DecisionControls } from './DecisionControls';
import { DecisionOutcome, InvestorCell, StateTag, When } from './ReviewParts';
import { StateFilter } from './StateFilter';
import { useReviewDecision } from './use-review-decision';

type State = 'pending' | 'approved' | 'rejected';
/** The call is not paged: it answers the oldest 100 of a state at most. */
const LIMIT = 100;

/** Day-trading applications: approving lets the investor open intraday positions with leverage. */
export function DayTradingQueue() {
  const [state, setState] = useState<State>('pending');
  const list = useQuery({
    queryKey: ['console-list', 'day-trading', state],
    queryFn: () => fetchDayTradingApplications({ state, limit: LIMIT }),
  });
  const action = useReviewDecision<DayTradingApplication, DayTradingApplication>((decision, options) =>
    decision.approve
      ? approveDayTradingApplication(
          decision.reason ? { id: decision.item.id, reason: decision.reason } : { id: decision.item.id },
          options,
        )
      : rejectDayTradingApplication(decision.item.id, decision.reason, options),
  );
  const pending = action.pendingValues;
  const items = list.data?.items ?? [];
  return (
    <Card
      title="Day-trading applications"
      extra={
        <Space>
          <StateFilter<State>
            value={state}
            onChange={setState}
            states={[
              { value: 'pending', label: 'Pending' },
              { value: 'approved', label: 'Approved' },
              { value: 'rejected', label: 'Rejected' },
            ]}
          />
          <ExportCsvButton
            what="day-trading"
            collect={async () => ({ rows: items, total: items.length, truncated: false })}
            columns={[
              { header: 'id', value: (row: DayTradingApplication) => row.id },
              { header: 'user_id', value: (row) => row.userId },
              { header: 'phone', value: (row) => row.phone },
              { header: 'real_name', value: (row) => row.realName },
              { header: 'state', value: (row) => row.state },
              { header: 'applied_at', value: (row) => new Date(row.appliedAt).toISOString() },
              { header: 'decided_by', value: (row) => row.decidedBy },
              { header: 'reason', value: (row) => row.reason },
            ]}
          />
        </Space>
      }
    >
      {list.error ? <ErrorAlert error={list.error} /> : null}
      {action.error ? <ErrorAlert title="Not decided" error={action.error} /> : null}
      <DecisionOutcome
        error={action.error}
        success={action.result ? `Application ${action.result.id} ${action.result.state}` : null}
      />
      <Table<DayTradingApplication>
        className="section-table"
        rowKey="id"
        tableLayout="fixed"
        loading={list.isFetching}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'No application in this state.' }}
        footer={
          items.length >= LIMIT
            ? () => (
                <Typography.Text type="warning">
                  The oldest {LIMIT} are shown; decide these to see the rest.
                </Typography.Text>
              )
            : undefined
        }
        columns={[
          {
            title: 'Application',
            key: 'id',
            width: 160,
            render: (_value, row) => (
              <>
                <div>Application {row.id}</div>
                <When atMs={row.appliedAt} />
              </>
            ),
          },
          {
            title: 'Investor',
            key: 'investor',
            render: (_value, row) => (
              <InvestorCell userId={row.userId} phone={row.phone} realName={row.realName} />
            ),
          },
          {
            title: 'State',
            key: 'state',
            width: 200,
            render: (_value, row) => (
              <>
                <StateTag state={row.state} by={row.decidedBy} />
                {row.reason ? <div className="request-reason">“{row.reason}”</div> : null}
              </>
            ),
          },
          {
            title: 'Decide',
            key: 'decide',
            width: 250,
            render: (_value, row) =>
              row.state !== 'pending' ? (
                <When atMs={row.decidedAt} />
              ) : (
                <DecisionControls
                  itemLabel={`application ${row.id}`}
                  onDecide={(decision) => action.ask({ ...decision, item: row })}
                />
              ),
          },
        ]}
      />
      <ConfirmActionModal
        open={pending !== null}
        title={
          pending?.approve
            ? `Approve day trading for user ${pending.item.userId}?`
            : `Reject application ${pending?.item.id ?? ''}?`
        }
        okText={pending?.approve ? 'Approve' : 'Reject'}
        danger={!pending?.approve}
        running={action.running}
        reason={pending?.reason || '—'}
        onConfirm={action.confirm}
        onCancel={action.cancel}
      >
        <p>
          {pending?.approve
            ? 'The investor may open intraday positions; they get a message.'
            : 'The investor reads the reason and may apply again.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
