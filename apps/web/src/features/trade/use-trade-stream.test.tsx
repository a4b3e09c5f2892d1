import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPaperBook } from '../../api/paper-book';
import { renderWithApp } from '../../test/render';

// The socket's trading events reach the trade screens (docs/adr/0026-paper-trading.md): each is tagged
// with its book, and the app tells and re-reads only those of the book it shows.
const stream = vi.hoisted(() => ({ listeners: [] as Array<(event: Record<string, unknown>) => void> }));
const seen = vi.hoisted(() => ({ refreshes: 0, notices: [] as string[] }));
vi.mock('../../stream/market-stream', () => ({
  RESYNC_EVENT: 'resync',
  marketStream: () => ({
    onUserEvent: (listener: (event: Record<string, unknown>) => void) => {
      stream.listeners.push(listener);
      return () => undefined;
    },
  }),
}));
vi.mock('../../stream/use-market-stream', () => ({
  useLiveTicks: () => ({}),
  useStreamStatus: () => 'live',
}));
vi.mock('./api', () => ({ useRefreshTrading: () => () => (seen.refreshes += 1) }));
vi.mock('./trade-notice', async (original) => ({
  ...(await original<typeof import('./trade-notice')>()),
  notifyTradeOnce: (positionId: string) => seen.notices.push(positionId),
}));

const { useTradeStream } = await import('./use-trade-stream');

function Probe() {
  useTradeStream([]);
  return null;
}

const filled = (id: string, book?: 'real' | 'paper') => ({
  type: 'trade',
  event: 'filled',
  position: { id, status: 'open', symbol: 'RELIANCE', quantity: 1 },
  ...(book ? { book } : {}),
});

function deliver(event: Record<string, unknown>) {
  act(() => {
    for (const listener of stream.listeners) listener(event);
  });
}

afterEach(() => {
  setPaperBook(false);
  seen.refreshes = 0;
  seen.notices = [];
  stream.listeners = [];
});

describe('trading events on the trade screens', () => {
  it('in paper, tells and re-reads a paper fill and ignores a real one', async () => {
    setPaperBook(true);
    await renderWithApp(<Probe />);
    deliver(filled('11', 'real'));
    deliver(filled('12', 'paper'));
    expect(seen.notices).toEqual(['12']);
    expect(seen.refreshes).toBe(1);
  });

  it('in the real book, tells and re-reads a real fill and ignores a paper one', async () => {
    await renderWithApp(<Probe />);
    deliver(filled('21', 'paper'));
    deliver(filled('22', 'real'));
    expect(seen.notices).toEqual(['22']);
    expect(seen.refreshes).toBe(1);
  });
});
