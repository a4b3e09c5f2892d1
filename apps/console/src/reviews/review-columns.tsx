import type { TableColumnType } from 'antd';
import { DecisionControls, type DecisionControlsProps } from './DecisionControls';
import { type Investor, InvestorCell, RequestReason, StateTag, When } from './ReviewParts';
import type { PendingDecision } from './use-review-decision';

/** The first column: which item ("Deposit 7") and when it came in. */
export function itemColumn<T>(options: {
  title: string;
  width: number;
  name: (row: T) => string;
  at: (row: T) => number;
}): TableColumnType<T> {
  return {
    title: options.title,
    key: 'id',
    width: options.width,
    render: (_value, row) => (
      <>
        <div>{options.name(row)}</div>
        <When atMs={options.at(row)} />
      </>
    ),
  };
}

/** The "Investor" column: whose item it is. */
export function investorColumn<T>(investorOf: (row: T) => Investor, width?: number): TableColumnType<T> {
  return {
    title: 'Investor',
    key: 'investor',
    ...(width === undefined ? {} : { width }),
    render: (_value, row) => <InvestorCell {...investorOf(row)} />,
  };
}

/** Where a queue item stands: its state, who decided, the reason given and when. */
export interface ItemDecision {
  state: string;
  by: string | null;
  reason: string | null;
  at: number | null;
}

/** The calls name the decision fields differently, so each queue says once where they are. */
export type DecisionOf<T> = (row: T) => ItemDecision;

/** A KYC submission, deposit or withdrawal (the funds-console calls): status, reviewedBy, rejectReason. */
export function reviewedDecision(row: {
  status: string;
  reviewedBy: string | null;
  rejectReason: string | null;
  reviewedAt: number | null;
}): ItemDecision {
  return { state: row.status, by: row.reviewedBy, reason: row.rejectReason, at: row.reviewedAt };
}

/** The "State" column: the state with who decided, then the reason the investor reads. */
export function stateColumn<T>(decisionOf: DecisionOf<T>, width: number): TableColumnType<T> {
  return {
    title: 'State',
    key: 'state',
    width,
    render: (_value, row) => {
      const decision = decisionOf(row);
      return (
        <>
          <StateTag state={decision.state} by={decision.by} />
          <RequestReason reason={decision.reason} />
        </>
      );
    },
  };
}

interface DecideColumnOptions<T> {
  decisionOf: DecisionOf<T>;
  /** The controls for a pending item, all but the decision itself (which goes to `ask`). */
  controls: (row: T) => Omit<DecisionControlsProps, 'onDecide'>;
  /** Asks the staff member to confirm: the confirmed action's `ask`. */
  ask: (decision: PendingDecision<T>) => void;
  width?: number;
}

/** The "Decide" column: the decision controls while an item is pending, when it was decided after. */
export function decideColumn<T>(options: DecideColumnOptions<T>): TableColumnType<T> {
  return {
    title: 'Decide',
    key: 'decide',
    ...(options.width === undefined ? {} : { width: options.width }),
    render: (_value, row) => {
      const decision = options.decisionOf(row);
      if (decision.state !== 'pending') return <When atMs={decision.at} />;
      return (
        <DecisionControls
          {...options.controls(row)}
          onDecide={(input) => options.ask({ ...input, item: row })}
        />
      );
    },
  };
}
