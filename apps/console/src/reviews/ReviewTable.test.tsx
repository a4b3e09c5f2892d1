import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CursorList } from '../shared/use-cursor-page';
import { CursorReviewTable } from './ReviewTable';

const listOn = (page: number, items: { id: string }[], hasNext: boolean): CursorList<{ id: string }> => ({
  query: { data: { items, nextCursor: hasNext ? 'next' : null }, isFetching: false },
  pageNumber: page,
  hasPrevious: page > 1,
  hasNext,
  next: vi.fn(),
  previous: vi.fn(),
});

describe('a review queue paged by cursor', () => {
  it('shows the page it is on and goes back and forward through the list', () => {
    const list = listOn(2, [{ id: '7' }], true);
    render(
      <CursorReviewTable
        list={list}
        emptyText="No item in this state."
        columns={[{ title: 'Item', key: 'id', render: (_value, row) => `Item ${row.id}` }]}
      />,
    );
    expect(screen.getByText('Item 7')).toBeTruthy();
    expect(screen.getByText('Page 2 · 1 shown')).toBeTruthy();
    fireEvent.click(screen.getByText('Previous').closest('button')!);
    fireEvent.click(screen.getByText('Next').closest('button')!);
    expect(list.previous).toHaveBeenCalledOnce();
    expect(list.next).toHaveBeenCalledOnce();
  });

  it('says so when the state has no item, and offers no page further', () => {
    render(<CursorReviewTable list={listOn(1, [], false)} emptyText="No item in this state." columns={[]} />);
    expect(screen.getByText('No item in this state.')).toBeTruthy();
    expect(screen.getByText('Page 1 · 0 shown')).toBeTruthy();
    expect((screen.getByText('Previous').closest('button') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByText('Next').closest('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
