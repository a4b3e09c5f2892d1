import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Space, type TableColumnType, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../api/client';
import { fetchDashboard } from '../api/console-calls';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';

/**
 * Queue tools (docs/adr/0032-bank-statement-matching.md, "Queue tools"): filters the server applies,
 * the age of each item against the queue's SLA parameter (queue_sla_minutes_*), the selection of
 * several pending items decided in bulk with one reason, and the keyboard (j / k, a, r).
 */

/** The filters a queue's call takes beyond status (deposits and withdrawals take all of them). */
export interface QueueToolFilter {
  investor?: string;
  from?: string;
  to?: string;
  amountMin?: string;
  amountMax?: string;
  reference?: string;
}

const FIELDS: { key: keyof QueueToolFilter; label: string; money?: boolean; type?: string; width: number }[] =
  [
    { key: 'investor', label: 'Investor (phone or name)', width: 200 },
    { key: 'from', label: 'From (IST day)', type: 'date', width: 150 },
    { key: 'to', label: 'To (IST day)', type: 'date', width: 150 },
    { key: 'amountMin', label: 'Amount from ₹', money: true, width: 130 },
    { key: 'amountMax', label: 'Amount to ₹', money: true, width: 130 },
    { key: 'reference', label: 'UTR / reference', money: true, width: 170 },
  ];

/** The filter bar: typed values apply on "Filter"; the server filters every page, not only this one. */
export function QueueFilterBar<F extends { status?: string }>({
  filter,
  setFilter,
  withMoney,
}: {
  filter: F;
  setFilter: (next: F) => void;
  withMoney: boolean;
}) {
  const [draft, setDraft] = useState<QueueToolFilter>({});
  const apply = () => {
    const next: Record<string, unknown> = { status: filter.status };
    for (const [key, value] of Object.entries(draft)) if (value?.trim()) next[key] = value.trim();
    setFilter(next as F);
  };
  return (
    <Space wrap className="queue-filters">
      {FIELDS.filter((field) => withMoney || !field.money).map((field) => (
        <Space key={field.key} size={4}>
          {field.type === 'date' ? (
            <Typography.Text type="secondary">{field.key === 'from' ? 'From' : 'to'}</Typography.Text>
          ) : null}
          <Input
            size="small"
            type={field.type ?? 'text'}
            style={{ width: field.width }}
            placeholder={field.label}
            aria-label={field.label}
            value={draft[field.key] ?? ''}
            onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
            onPressEnter={apply}
          />
        </Space>
      ))}
      <Button size="small" onClick={apply}>
        Filter
      </Button>
      <Button
        size="small"
        type="link"
        onClick={() => {
          setDraft({});
          setFilter({ status: filter.status } as F);
        }}
      >
        Clear
      </Button>
    </Space>
  );
}

/** The SLA of a queue in minutes (queue_sla_minutes_<queue>, read from the dashboard), or null. */
export function useQueueSlaMinutes(queue: 'kyc' | 'deposits' | 'withdrawals'): number | null {
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: () => fetchDashboard(), staleTime: 60_000 });
  return dashboard.data?.pendingReviews.find((entry) => entry.queue === queue)?.slaMinutes ?? null;
}

const ageText = (minutes: number) =>
  minutes < 60
    ? `${minutes} min`
    : minutes < 1440
      ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
      : `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)} h`;

export const ageMinutesOf = (createdAtMs: number, nowMs: number) =>
  Math.max(0, Math.floor((nowMs - createdAtMs) / 60_000));

/** Whether a pending item waits longer than its queue's SLA. */
export const isOverdue = (
  state: string,
  createdAtMs: number,
  slaMinutes: number | null,
  nowMs = Date.now(),
) => state === 'pending' && slaMinutes !== null && ageMinutesOf(createdAtMs, nowMs) > slaMinutes;

/** The "Age" column: how long the item has waited, red past the SLA; sortable. */
export function ageColumn<T>(
  createdAt: (row: T) => number,
  state: (row: T) => string,
  slaMinutes: number | null,
): TableColumnType<T> {
  return {
    title: 'Age',
    key: 'age',
    // Room for the header and its sorter at 1440 px; an overdue age wraps above its tag.
    width: 92,
    sorter: (a, b) => createdAt(b) - createdAt(a),
    render: (_value, row) => {
      const minutes = ageMinutesOf(createdAt(row), Date.now());
      return isOverdue(state(row), createdAt(row), slaMinutes) ? (
        <>
          <Typography.Text type="danger">{ageText(minutes)}</Typography.Text>
          <br />
          <Tag color="red">overdue</Tag>
        </>
      ) : (
        ageText(minutes)
      );
    },
  };
}

interface BulkResult {
  done: number;
  failed: { id: string; message: string }[];
}

/**
 * Selected pending items decided one after another with one reason, each through its own call (so
 * each is its own audited act, and the maker-checker thresholds apply to each). The outcome lists
 * what failed and why; the rest stands.
 */
export function BulkDecisionBar<T extends { id: string }>({
  selected,
  approve,
  reject,
  approveBlockedBecause,
  onDone,
  itemName,
  reason,
  onReasonChange,
}: {
  reason: string;
  onReasonChange: (reason: string) => void;
  selected: T[];
  approve?: (item: T, reason: string) => Promise<unknown>;
  reject: (item: T, reason: string) => Promise<unknown>;
  approveBlockedBecause?: string;
  onDone: () => Promise<void> | void;
  itemName: string;
}) {
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const ready = reason.trim().length >= REASON_MIN_LENGTH;
  const run = async (decision: 'approve' | 'reject') => {
    setRunning(true);
    const outcome: BulkResult = { done: 0, failed: [] };
    for (const item of selected) {
      try {
        await (decision === 'approve' ? approve!(item, reason.trim()) : reject(item, reason.trim()));
        outcome.done += 1;
      } catch (error) {
        outcome.failed.push({ id: item.id, message: describeError(error) });
      }
    }
    setRunning(false);
    setConfirming(null);
    setResult(outcome);
    await onDone();
  };
  return (
    <div className="bulk-bar">
      {result ? (
        <Alert
          type={result.failed.length ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setResult(null)}
          title={`${result.done} ${itemName}${result.done === 1 ? '' : 's'} decided${result.failed.length ? `, ${result.failed.length} not` : ''}`}
          description={result.failed.map((failure) => (
            <div key={failure.id}>
              {itemName} {failure.id}: {failure.message}
            </div>
          ))}
        />
      ) : null}
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder={`One reason for the ${selected.length} selected (the investor reads a rejection's)`}
          aria-label="Reason for the selected items"
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => onReasonChange(event.target.value)}
          disabled={running}
        />
        {approve ? (
          <Button
            type="primary"
            disabled={!ready || selected.length === 0 || running}
            onClick={() => setConfirming('approve')}
          >
            Approve selected ({selected.length})
          </Button>
        ) : null}
        <Button
          danger
          disabled={!ready || selected.length === 0 || running}
          onClick={() => setConfirming('reject')}
        >
          Reject selected ({selected.length})
        </Button>
      </Space.Compact>
      {approveBlockedBecause ? (
        <Typography.Text type="secondary">{approveBlockedBecause}</Typography.Text>
      ) : null}
      {confirming ? (
        <Alert
          type={confirming === 'approve' ? 'info' : 'error'}
          showIcon
          role="alertdialog"
          title={`${confirming === 'approve' ? 'Approve' : 'Reject'} ${selected.length} ${itemName}${selected.length === 1 ? '' : 's'}: ${selected.map((item) => item.id).join(', ')}?`}
          description={`Reason recorded with each: “${reason.trim()}”. Each is decided by its own call and audited; one that fails leaves the others decided.`}
          action={
            <Space direction="vertical">
              <Button
                size="small"
                type="primary"
                danger={confirming === 'reject'}
                loading={running}
                onClick={() => void run(confirming)}
              >
                {confirming === 'approve' ? 'Approve all' : 'Reject all'}
              </Button>
              <Button size="small" disabled={running} onClick={() => setConfirming(null)}>
                Go back
              </Button>
            </Space>
          }
        />
      ) : null}
    </div>
  );
}

/** Puts the cursor in the bulk reason box (the r key without a reason yet). */
export function focusBulkReason() {
  document.querySelector<HTMLInputElement>('input[aria-label="Reason for the selected items"]')?.focus();
}

/**
 * The keyboard flow of a queue: j / k move to the next / previous item, a asks to approve it, r asks
 * to reject it (with the reason typed in its row or the bulk reason). Keys typed in a field are the
 * field's. Answers the focused item's id.
 */
export function useQueueKeys<T extends { id: string }>(
  rows: readonly T[],
  handlers: { approve?: (item: T) => void; reject: (item: T) => void },
) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const state = useRef({ rows, handlers, focusedId });
  state.current = { rows, handlers, focusedId };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable))
        return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { rows: current, handlers: act, focusedId: focused } = state.current;
      if (current.length === 0) return;
      const index = current.findIndex((row) => row.id === focused);
      const item = index >= 0 ? current[index] : undefined;
      if (event.key === 'j') setFocusedId(current[Math.min(index + 1, current.length - 1)]!.id);
      else if (event.key === 'k') setFocusedId(current[Math.max(index - 1, 0)]!.id);
      else if (event.key === 'a' && item && act.approve) act.approve(item);
      else if (event.key === 'r' && item) act.reject(item);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (focusedId)
      document
        .querySelector(`[data-row-key="${CSS.escape(focusedId)}"]`)
        ?.scrollIntoView({ block: 'nearest' });
  }, [focusedId]);
  return focusedId;
}

/** The visible hint of the keyboard flow. */
export function KeyboardHint({
  approve = true,
  slaMinutes,
}: {
  approve?: boolean;
  slaMinutes?: number | null;
}) {
  return (
    <Typography.Text type="secondary" className="keyboard-hint">
      {slaMinutes ? `Overdue (red) after ${ageText(slaMinutes)} waiting (the queue's SLA parameter). ` : null}
      Keys: <kbd>j</kbd> / <kbd>k</kbd> next / previous item
      {approve ? (
        <>
          , <kbd>a</kbd> approve
        </>
      ) : null}
      , <kbd>r</kbd> reject (with the reason typed in the bulk box)
    </Typography.Text>
  );
}

/**
 * Everything a queue wires for its tools: the selection (pending items only), the highlight of the
 * focused and the overdue rows, the bulk reason, and the keys (a asks to approve the focused item,
 * r asks to reject it with the bulk reason, or puts the cursor in the reason box when there is none).
 */
export function useQueueTools<T extends { id: string }>(options: {
  rows: readonly T[];
  stateOf: (row: T) => string;
  createdAtOf: (row: T) => number;
  slaMinutes: number | null;
  askApprove?: (item: T) => void;
  askReject: (item: T, reason: string) => void;
}) {
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const pendingRows = options.rows.filter((row) => options.stateOf(row) === 'pending');
  const focusedId = useQueueKeys(options.rows, {
    ...(options.askApprove
      ? {
          approve: (item: T) => {
            if (options.stateOf(item) === 'pending') options.askApprove!(item);
          },
        }
      : {}),
    reject: (item: T) => {
      if (options.stateOf(item) !== 'pending') return;
      if (reason.trim().length < REASON_MIN_LENGTH) focusBulkReason();
      else options.askReject(item, reason.trim());
    },
  });
  return {
    reason,
    setReason,
    focusedId,
    selected: pendingRows.filter((row) => selectedIds.includes(row.id)),
    clearSelection: () => setSelectedIds([]),
    rowSelection: {
      selectedRowKeys: selectedIds,
      columnWidth: 32,
      onChange: (keys: React.Key[]) => setSelectedIds(keys.map(String)),
      getCheckboxProps: (row: T) => ({
        disabled: options.stateOf(row) !== 'pending',
        'aria-label': `Select ${row.id}`,
      }),
    },
    rowClassName: (row: T) =>
      [
        row.id === focusedId ? 'row-focused' : '',
        isOverdue(options.stateOf(row), options.createdAtOf(row), options.slaMinutes) ? 'row-overdue' : '',
      ]
        .filter(Boolean)
        .join(' '),
  };
}
