import { useQuery } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
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
import { confirmDialogProps } from '../shared/use-confirmed-action';
import { DecisionOutcome, investorLabel } from './ReviewParts';
import { ReviewTable } from './ReviewTable';
import { type DecisionOf, decideColumn, investorColumn, itemColumn, stateColumn } from './review-columns';
import { APPROVAL_STATES, StateFilter } from './StateFilter';
import { useReviewDecision } from './use-review-decision';

type State = 'pending' | 'approved' | 'rejected';
/** The call is not paged: it answers the oldest 100 of a state at most. */
const LIMIT = 100;

const decisionOf: DecisionOf<DayTradingApplication> = (row) => ({
  state: row.state,
  by: row.decidedBy,
  reason: row.reason,
  at: row.decidedAt,
});

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
          <StateFilter<State> value={state} onChange={setState} states={APPROVAL_STATES} />
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
      <ReviewTable<DayTradingApplication>
        rows={items}
        loading={list.isFetching}
        emptyText="No application in this state."
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
          itemColumn<DayTradingApplication>({
            title: 'Application',
            width: 160,
            name: (row) => `Application ${row.id}`,
            at: (row) => row.appliedAt,
          }),
          investorColumn<DayTradingApplication>((row) => ({
            userId: row.userId,
            phone: row.phone,
            realName: row.realName,
          })),
          stateColumn<DayTradingApplication>(decisionOf, 200),
          decideColumn<DayTradingApplication>({
            decisionOf,
            controls: (row) => ({ itemLabel: `application ${row.id}` }),
            ask: action.ask,
            width: 250,
          }),
        ]}
      />
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pending?.approve
            ? `Approve day trading for ${investorLabel({ userId: pending.item.userId, phone: pending.item.phone, realName: pending.item.realName })}?`
            : `Reject application ${pending?.item.id ?? ''}?`
        }
        okText={pending?.approve ? 'Approve' : 'Reject'}
        danger={!pending?.approve}
        reason={pending?.reason || '—'}
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
