import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSelectedStock } from '../../lib/selected-stock';
import { jsonResponse, renderWithApp, stubEveryCall } from '../../test/render';

vi.mock('../../stream/use-market-stream', async (original) => ({
  ...(await original<typeof import('../../stream/use-market-stream')>()),
  useLiveTicks: () => ({}),
}));
vi.mock('./components/kline-chart', () => ({ default: () => <div>chart</div> }));

const { default: IndexDetailScreen } = await import('./index-detail-screen');
const { default: StockDetailScreen } = await import('./stock-detail-screen');

/** What market/quote answers for any instrument, an index included (volume 0, a lot of 1). */
const QUOTE = {
  symbol: 'NIFTY50',
  code: 'NIFTY50',
  name: 'Nifty 50',
  exchange: 'NSE',
  segment: 'index',
  price: '24100.50',
  change: '120.25',
  changeRate: 0.5,
  open: '24000.00',
  high: '24150.00',
  low: '23990.00',
  previousClose: '23980.25',
  volume: 0,
  turnover: '0.00',
  tickSize: '0.05',
  lotSize: 1,
  priceBand: { lower: '21582.25', upper: '26378.25' },
  leverages: [1],
  shortable: false,
  tradable: false,
  simulated: true,
  time: 0,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => jsonResponse({ status: 1, data: QUOTE })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the index detail', () => {
  it('shows index fields only: no volume, turnover, lot, adjustment or VOL chart', async () => {
    storeSelectedStock({ symbol: 'NIFTY50', name: 'Nifty 50' });
    await renderWithApp(<IndexDetailScreen />);
    expect(await screen.findByText('Previous close')).toBeTruthy();
    expect(screen.getByText('Open')).toBeTruthy();
    for (const stockOnly of ['Volume (shares)', 'Turnover', 'Lot size', 'Tick size', 'Price band']) {
      expect(screen.queryByText(stockOnly)).toBeNull();
    }
    expect(screen.queryByLabelText('Adjustment')).toBeNull();
    const sub = screen.getByLabelText('Sub') as HTMLSelectElement;
    expect([...sub.options].map((option) => option.value)).not.toContain('VOL');
    expect(sub.value).toBe('MACD');
  });

  it('a stock keeps its stock fields', async () => {
    storeSelectedStock({ symbol: 'TCS', name: 'TCS' });
    await renderWithApp(<StockDetailScreen />);
    expect(await screen.findByText('Volume (shares)')).toBeTruthy();
    expect(screen.getByText('Lot size')).toBeTruthy();
    expect(screen.getByLabelText('Adjustment')).toBeTruthy();
  });

  it("shows a stock's turnover and market cap in Indian units", async () => {
    stubEveryCall({
      ...QUOTE,
      symbol: 'TCS',
      segment: 'equity',
      turnover: '4530000.00',
      marketCap: '13890000000000.00',
    });
    storeSelectedStock({ symbol: 'TCS', name: 'TCS' });
    await renderWithApp(<StockDetailScreen />);
    expect((await screen.findByText('Turnover')).nextElementSibling?.textContent).toBe('₹45.3 L');
    expect(screen.getByText('Market cap').nextElementSibling?.textContent).toBe('₹13.89L Cr');
  });
});
