import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createConsoleQueryClient } from '../app/query-client';
import { useReviewQueue } from './use-review-queue';

interface Item {
  id: string;
  status: string;
}
type Filter = { status?: string };

function renderQueue() {
  let items: Item[] = [{ id: '1', status: 'pending' }];
  const fetchPage = vi.fn(async (_query: Filter) => ({ items, nextCursor: null }));
  const decide = vi.fn(async ({ item }: { item: Item }) => {
    items = [];
    return { ...item, status: 'approved' };
  });
  const queryClient = createConsoleQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useReviewQueue('items', fetchPage, { status: 'pending' } as Filter, decide), {
    wrapper,
  });
  return { ...view, fetchPage, decide };
}

describe('a review queue', () => {
  it('reads the list again once a confirmed decision is made', async () => {
    const { result, decide } = renderQueue();
    await waitFor(() => expect(result.current.list.query.data?.items).toHaveLength(1));
    const item = result.current.list.query.data!.items[0]!;
    act(() => result.current.action.ask({ approve: true, reason: '', payoutReference: '', item }));
    act(() => result.current.action.confirm());
    await waitFor(() => expect(result.current.action.result).toEqual({ id: '1', status: 'approved' }));
    expect(decide).toHaveBeenCalledOnce();
    await waitFor(() => expect(result.current.list.query.data?.items).toHaveLength(0));
  });

  it('exports every row of the filter the list shows', async () => {
    const { result, fetchPage } = renderQueue();
    act(() => result.current.list.setFilter({ status: 'rejected' }));
    await act(async () => {
      await result.current.exportAll();
    });
    expect(fetchPage).toHaveBeenLastCalledWith({ status: 'rejected', limit: 100 });
  });
});
