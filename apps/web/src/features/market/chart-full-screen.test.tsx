import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSelectedStock } from '../../lib/selected-stock';
import { renderWithApp, stubEveryCall } from '../../test/render';

vi.mock('../../stream/use-market-stream', async (original) => ({
  ...(await original<typeof import('../../stream/use-market-stream')>()),
  useLiveTicks: () => ({}),
}));
// The chart keeps its identity when it goes full screen: the stand-in counts its mounts.
const mounts = vi.hoisted(() => ({ count: 0 }));
vi.mock('./components/kline-chart', async () => {
  const { useEffect } = await import('react');
  return {
    default: ({ label }: { label: string }) => {
      useEffect(() => {
        mounts.count += 1;
      }, []);
      return <div role="img" aria-label={label} />;
    },
  };
});

const { default: StockDetailScreen } = await import('./stock-detail-screen');
const { default: IndexDetailScreen } = await import('./index-detail-screen');

const QUOTE = {
  symbol: 'TCS',
  code: 'TCS',
  name: 'Tata Consultancy',
  exchange: 'NSE',
  segment: 'equity',
  price: '3500.00',
  change: '10.00',
  changeRate: 0.29,
  tickSize: '0.05',
  lotSize: 1,
  leverages: [1],
  shortable: true,
  tradable: true,
  simulated: true,
  time: 0,
  // market/depth is answered from the same stub.
  bids: [],
  asks: [],
};

/** A matchMedia whose landscape-phone answer the test sets and changes. */
function stubOrientation(initial: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const state = { matches: initial };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query.includes('landscape') && state.matches;
      },
      media: query,
      addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.add(listener),
      removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
    })),
  );
  return (matches: boolean) => {
    state.matches = matches;
    for (const listener of listeners) listener({ matches } as MediaQueryListEvent);
  };
}

beforeEach(() => {
  mounts.count = 0;
  stubEveryCall(QUOTE);
});
afterEach(() => vi.unstubAllGlobals());

describe('the full-screen chart', () => {
  it('opens from the stock detail, keeps the same chart, and closes with its button or Escape', async () => {
    stubOrientation(false);
    storeSelectedStock({ symbol: 'TCS', name: 'Tata Consultancy' });
    await renderWithApp(<StockDetailScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Full screen' }));
    const dialog = screen.getByRole('dialog', { name: 'Chart' });
    expect(dialog.className).toBe('chart-full');
    expect(dialog.querySelector('[role="img"]')).toBeTruthy();
    expect(dialog.textContent).toContain('Tata Consultancy');
    expect(dialog.textContent).toContain('3,500.00');
    expect(mounts.count).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Exit full screen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mounts.count).toBe(1);
  });

  it('fills the screen when the phone turns on its side, and leaves it when upright again', async () => {
    const rotate = stubOrientation(false);
    storeSelectedStock({ symbol: 'NIFTY50', name: 'Nifty 50' });
    await renderWithApp(<IndexDetailScreen />);
    await screen.findByRole('button', { name: 'Full screen' });
    act(() => rotate(true));
    expect(screen.getByRole('dialog', { name: 'Chart' })).toBeTruthy();
    act(() => rotate(false));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens full screen at once on a detail opened sideways', async () => {
    stubOrientation(true);
    storeSelectedStock({ symbol: 'TCS', name: 'Tata Consultancy' });
    await renderWithApp(<StockDetailScreen />);
    expect(await screen.findByRole('dialog', { name: 'Chart' })).toBeTruthy();
  });
});
