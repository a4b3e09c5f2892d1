import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatIstDateTime } from '../shared/format';
import { ReviewTable } from './ReviewTable';
import { decideColumn, investorColumn, itemColumn, reviewedDecision, stateColumn } from './review-columns';

interface Row {
  id: string;
  createdAt: number;
  status: string;
  reviewedBy: string | null;
  rejectReason: string | null;
  reviewedAt: number | null;
}

const pending: Row = {
  id: '1',
  createdAt: Date.UTC(2026, 10, 22, 4, 0),
  status: 'pending',
  reviewedBy: null,
  rejectReason: null,
  reviewedAt: null,
};
const rejected: Row = {
  ...pending,
  id: '2',
  status: 'rejected',
  reviewedBy: 'meera',
  rejectReason: 'blurred image',
  reviewedAt: Date.UTC(2026, 10, 23, 4, 0),
};

function renderQueue(ask: (decision: unknown) => void) {
  render(
    <ReviewTable<Row>
      rows={[pending, rejected]}
      loading={false}
      emptyText="Nothing here."
      columns={[
        itemColumn<Row>({
          title: 'Item',
          width: 100,
          name: (row) => `Item ${row.id}`,
          at: (row) => row.createdAt,
        }),
        investorColumn<Row>((row) => ({ userId: `7${row.id}`, phone: '9876543210', realName: null }), 100),
        stateColumn<Row>(reviewedDecision, 100),
        decideColumn<Row>({
          decisionOf: reviewedDecision,
          controls: (row) => ({ itemLabel: `item ${row.id}`, approveText: 'Verify' }),
          ask,
        }),
      ]}
    />,
  );
}

describe('the columns of a review queue', () => {
  it('name each item with when it came in, and its investor', () => {
    renderQueue(vi.fn());
    expect(screen.getByText('Item 2')).toBeTruthy();
    expect(screen.getAllByText(formatIstDateTime(pending.createdAt))).toHaveLength(2);
    expect(screen.getByText('user 72 · 9876543210')).toBeTruthy();
  });

  it('show who decided with the quoted reason, and when instead of the controls once decided', () => {
    renderQueue(vi.fn());
    expect(screen.getByText('rejected by meera')).toBeTruthy();
    expect(screen.getByText('“blurred image”')).toBeTruthy();
    expect(screen.getByText(formatIstDateTime(rejected.reviewedAt!))).toBeTruthy();
    expect(screen.getAllByLabelText(/^Reason for item/)).toHaveLength(1);
    expect(screen.getByLabelText('Reason for item 1')).toBeTruthy();
  });

  it('ask to confirm the decision on a pending item, with the item', () => {
    const ask = vi.fn();
    renderQueue(ask);
    fireEvent.change(screen.getByLabelText('Reason for item 1'), { target: { value: 'name mismatch' } });
    fireEvent.click(screen.getByText('Reject').closest('button')!);
    expect(ask).toHaveBeenCalledWith({
      approve: false,
      reason: 'name mismatch',
      payoutReference: '',
      item: pending,
    });
  });
});
