import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { jsonResponse, renderWithApp } from '../../test/render';
import { investor } from '../../test/user-info';
import { TradeScreen } from './trade-screen';

vi.mock('../../stream/use-market-stream', async (original) => ({
  ...(await original<typeof import('../../stream/use-market-stream')>()),
  useLiveTicks: () => ({}),
  useStreamStatus: () => 'live',
}));

const QUOTE = {
  symbol: 'RELIANCE',
  code: 'RELIANCE',
  name: 'Reliance Industries',
  exchange: 'NSE',
  segment: 'listed',
  price: '2450.05',
  change: '10.00',
  changeRate: 0.41,
  tickSize: '0.05',
  lotSize: 1,
  leverages: [1],
  shortable: true,
  tradable: true,
  simulated: true,
  time: 0,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the portfolio of an investor whose KYC is not done', () => {
  it('shows the empty list behind the KYC gate of the buy sheet, not a loading list', async () => {
    saveSession('token', '9123400011');
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const path = String(input).split('/api/vue/')[1] ?? '';
        if (path === 'user/getUserinfo')
          return jsonResponse({
            status: 1,
            data: investor({ realNameStatus: 'unverified', hasFundPassword: false }),
          });
        if (path === 'trade/positions')
          return jsonResponse({ status: 1, data: { items: [], nextCursor: null } });
        if (path === 'market/quote') return jsonResponse({ status: 1, data: QUOTE });
        throw new Error(`unexpected call ${path}`);
      }),
    );
    await renderWithApp(<TradeScreen />, { path: '/trade/index?symbol=RELIANCE&side=long' });
    expect(await screen.findByText('Complete real-name verification first')).toBeTruthy();
    expect(await screen.findByText('No data yet')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
