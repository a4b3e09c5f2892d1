import { Segmented } from 'antd';
import type { QueueFilter } from '../api/review-calls';

/** The state a queue shows: pending (the server's default) or the decided ones. */
export function StateFilter<S extends string>({
  value,
  states,
  onChange,
}: {
  value: S;
  states: readonly { value: S; label: string }[];
  onChange: (value: S) => void;
}) {
  return <Segmented<S> value={value} onChange={onChange} options={[...states]} />;
}

/** The states of a queue whose items are approved or rejected. */
export const APPROVAL_STATES = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

type QueueStatus = NonNullable<QueueFilter['status']>;

/**
 * The state filter of a KYC or funds queue, kept in the list's `status` (unset is pending, as on
 * the server). Choosing a state starts the list over.
 */
export function QueueStatusFilter({
  list,
  states,
}: {
  list: { filter: QueueFilter; setFilter: (next: QueueFilter) => void };
  states: readonly { value: QueueStatus; label: string }[];
}) {
  return (
    <StateFilter<QueueStatus>
      value={list.filter.status ?? 'pending'}
      onChange={(status) => list.setFilter({ status })}
      states={states}
    />
  );
}
