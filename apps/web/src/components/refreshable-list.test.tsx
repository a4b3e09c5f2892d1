import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { stubIntersectionObserver } from '../test/intersection-observer';
import { LoadMore, PullRefresh, pullDistance } from './refreshable-list';

beforeEach(() => changeLanguage('en'));
afterEach(() => vi.unstubAllGlobals());

function renderPull(onRefresh: () => Promise<unknown>) {
  render(
    <I18nextProvider i18n={i18n}>
      <PullRefresh onRefresh={onRefresh}>
        <p>List</p>
      </PullRefresh>
    </I18nextProvider>,
  );
  const area = screen.getByText('List').parentElement as HTMLElement;
  const head = area.querySelector('.pull-refresh__head') as HTMLElement;
  return { area, head };
}

/** A one-finger drag from y = 10 down by `dy` pixels. */
function drag(area: HTMLElement, dy: number, { release = true } = {}) {
  fireEvent.touchStart(area, { touches: [{ clientX: 100, clientY: 10 }] });
  fireEvent.touchMove(area, { touches: [{ clientX: 100, clientY: 10 + dy / 2 }] });
  fireEvent.touchMove(area, { touches: [{ clientX: 100, clientY: 10 + dy }] });
  if (release) fireEvent.touchEnd(area, { touches: [] });
}

describe('pull to refresh', () => {
  it('follows the finger less and less (the head passes 50 px after a 125 px pull)', () => {
    expect(pullDistance(-20)).toBe(0);
    expect(pullDistance(100)).toBeCloseTo(41.67, 1);
    expect(pullDistance(125)).toBeCloseTo(50, 5);
    expect(pullDistance(1_000)).toBeLessThan(250);
  });

  it('refreshes when let go past the 50 px head, says so, and closes 500 ms after', async () => {
    let finish: (value?: unknown) => void = () => {};
    const onRefresh = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { area, head } = renderPull(onRefresh);
    drag(area, 200, { release: false });
    expect(screen.getByText('Release to refresh')).toBeTruthy();
    expect(Number.parseFloat(head.style.height)).toBeGreaterThan(50);
    fireEvent.touchEnd(area, { touches: [] });
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Refreshing…')).toBeTruthy();
    expect(head.style.height).toBe('50px');
    vi.useFakeTimers();
    try {
      await act(async () => finish());
      expect(screen.getByText('Updated')).toBeTruthy();
      await act(async () => vi.advanceTimersByTime(499));
      expect(head.style.height).toBe('50px');
      await act(async () => vi.advanceTimersByTime(1));
      expect(head.style.height).toBe('0px');
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes without refreshing when let go before 50 px', () => {
    const onRefresh = vi.fn(async () => undefined);
    const { area, head } = renderPull(onRefresh);
    drag(area, 100, { release: false });
    expect(screen.getByText('Pull down to refresh')).toBeTruthy();
    fireEvent.touchEnd(area, { touches: [] });
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head.style.height).toBe('0px');
  });

  it('leaves the drag to the page when the list is not at its top, or the drag goes up', () => {
    const onRefresh = vi.fn(async () => undefined);
    const { area, head } = renderPull(onRefresh);
    drag(area, -200);
    area.scrollTop = 40;
    drag(area, 200);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head.style.height).toBe('0px');
  });
});

describe('load more', () => {
  function renderLoadMore(loadMore: () => Promise<unknown>, hasMore = true) {
    return render(
      <I18nextProvider i18n={i18n}>
        <LoadMore hasMore={hasMore} loadMore={loadMore} />
      </I18nextProvider>,
    );
  }

  it('loads when the end comes within 300 px of the bottom, and again while it stays there', async () => {
    const { options } = stubIntersectionObserver();
    const loadMore = vi.fn(async () => undefined);
    const { unmount } = renderLoadMore(loadMore);
    await waitFor(() => expect(loadMore.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(options[0]?.rootMargin).toBe('0px 0px 300px 0px');
    expect(screen.getByText('Loading more…')).toBeTruthy();
    unmount();
  });

  it('does not load while the end is far away, nor when there is nothing more', async () => {
    stubIntersectionObserver({ isIntersecting: false });
    const loadMore = vi.fn(async () => undefined);
    renderLoadMore(loadMore);
    await act(async () => undefined);
    expect(loadMore).not.toHaveBeenCalled();
    stubIntersectionObserver();
    renderLoadMore(loadMore, false);
    await act(async () => undefined);
    expect(loadMore).not.toHaveBeenCalled();
    expect(screen.getByText("That's everything")).toBeTruthy();
  });

  it('offers a retry after a failed page (a throw, or a query result in error)', async () => {
    stubIntersectionObserver();
    const loadMore = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ isError: true })
      .mockResolvedValue({ isError: false });
    renderLoadMore(loadMore);
    fireEvent.click(await screen.findByRole('button', { name: "Couldn't load more. Tap to try again" }));
    await waitFor(() => expect(loadMore).toHaveBeenCalledTimes(2));
    fireEvent.click(await screen.findByRole('button', { name: "Couldn't load more. Tap to try again" }));
    await waitFor(() => expect(screen.getByText('Loading more…')).toBeTruthy());
    expect(loadMore.mock.calls.length).toBeGreaterThanOrEqual(3);
  });
});
