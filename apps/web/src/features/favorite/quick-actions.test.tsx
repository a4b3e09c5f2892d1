import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { jsonResponse, renderWithApp } from '../../test/render';
import { dropIndexAt, moveSymbolTo } from './favorite-manage-screen';

vi.mock('../../stream/use-market-stream', async (original) => ({
  ...(await original<typeof import('../../stream/use-market-stream')>()),
  useLiveTicks: () => ({}),
}));

const { default: OptionListScreen } = await import('./option-list-screen');
const { default: FavoriteManageScreen } = await import('./favorite-manage-screen');

const LIST = { id: '1', name: 'Watchlist', symbols: ['TCS', 'INFY', 'SBIN'] };

function stubServer() {
  const calls: { path: string; body: unknown }[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).split('/api/vue/')[1] ?? '';
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    calls.push({ path, body });
    if (path === 'favorite/lists') return jsonResponse({ status: 1, data: [LIST] });
    if (path === 'favorite/reorder')
      return jsonResponse({ status: 1, data: { ...LIST, symbols: body.symbols } });
    if (path === 'market/lastPrices')
      return jsonResponse({
        status: 1,
        data: [{ symbol: 'TCS', price: '3500.00', change: '10.00', changeRate: 0.29, simulated: true }],
      });
    if (path === 'market/depth')
      return jsonResponse({
        status: 1,
        data: {
          symbol: 'TCS',
          bids: [{ price: '3499.95', quantity: 120 }],
          asks: [{ price: '3500.05', quantity: 80 }],
        },
      });
    throw new Error(`unexpected call ${path}`);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** Shows where a link or navigation went, and with which state. */
function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
      {location.state ? JSON.stringify(location.state) : ''}
    </p>
  );
}

beforeEach(() => saveSession('token', '9876543210'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a watchlist row’s quick actions', () => {
  it('opens a sheet with buy, sell, depth, chart, alert and details on a tap', async () => {
    stubServer();
    await renderWithApp(
      <Routes>
        <Route path="/" element={<OptionListScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /TCS/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Actions for TCS' });
    expect(within(sheet).getByText('3,500.00', { exact: false })).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Buy' }).getAttribute('href')).toBe(
      '/trade/index?symbol=TCS&side=long',
    );
    expect(within(sheet).getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe(
      '/trade/index?symbol=TCS&side=short',
    );
    expect(within(sheet).getByRole('link', { name: 'Set price alert' }).getAttribute('href')).toBe(
      '/information/alerts?symbol=TCS',
    );
    fireEvent.click(within(sheet).getByRole('button', { name: 'Market depth' }));
    expect(await within(sheet).findByText('3,499.95', { exact: false })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Chart' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/market/stockDetail{"fullScreenChart":true}',
    );
    expect(JSON.parse(localStorage.getItem('stockDetail') ?? '{}')).toEqual({ symbol: 'TCS' });
  });
});

describe('the watchlist in Chinese', () => {
  it('names the default list in Chinese to a screen reader too, not the server’s "Watchlist"', async () => {
    stubServer();
    await renderWithApp(<OptionListScreen />, { language: 'zh' });
    expect(await screen.findByRole('list', { name: '自选' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Watchlist' })).toBeNull();
  });
});

describe('drag to reorder', () => {
  it('finds where a dragged row lands and moves it there', () => {
    const middles = [20, 60, 100];
    expect(dropIndexAt(75, middles, 0)).toBe(1);
    expect(dropIndexAt(130, middles, 0)).toBe(2);
    expect(dropIndexAt(5, middles, 2)).toBe(0);
    expect(moveSymbolTo(['A', 'B', 'C'], 0, 2)).toEqual(['B', 'C', 'A']);
    expect(moveSymbolTo(['A', 'B', 'C'], 2, 0)).toEqual(['C', 'A', 'B']);
  });

  it('saves the new order on the server when the finger lifts', async () => {
    const calls = stubServer();
    await renderWithApp(<FavoriteManageScreen />);
    const handle = await screen.findByRole('button', { name: 'Drag TCS to move it' });
    // Rows 40 px tall from the top of the list: middles at 20, 60 and 100 px.
    const rows = screen.getAllByRole('listitem');
    rows.forEach((row, index) => {
      row.getBoundingClientRect = () => ({ top: index * 40, height: 40 }) as DOMRect;
    });
    fireEvent.pointerDown(handle, { clientY: 20, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 110, pointerId: 1 });
    expect(screen.getAllByRole('listitem').map((row) => row.textContent?.trim().slice(0, 4))).toEqual([
      'INFY',
      'SBIN',
      'TCS',
    ]);
    fireEvent.pointerUp(handle, { clientY: 110, pointerId: 1 });
    await waitFor(() => expect(calls.some((call) => call.path === 'favorite/reorder')).toBe(true));
    expect(calls.find((call) => call.path === 'favorite/reorder')?.body).toEqual({
      listId: '1',
      symbols: ['INFY', 'SBIN', 'TCS'],
    });
  });
});
