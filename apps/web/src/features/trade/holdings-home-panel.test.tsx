import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketStream, setMarketStream } from '../../stream/market-stream';
import { RENDER_EVERY_MS } from '../../stream/use-market-stream';
import { FakeSocket } from '../../test/fake-socket';
import { aPosition } from '../../test/position';
import { jsonResponse, renderWithApp } from '../../test/render';
import { HOLDINGS_SHOWN, HoldingsHomePanel } from './holdings-home-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  setMarketStream(null);
});

function stubPositions(reply: () => Response) {
  const fetchStub = vi.fn<typeof fetch>(async () => reply());
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

function fakeStream() {
  const sockets: FakeSocket[] = [];
  setMarketStream(
    new MarketStream({
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      startDelayMs: 0,
    }),
  );
  return sockets;
}

const delivery = (id: string, symbol: string, name: string, quantity = 10) =>
  aPosition({ id, symbol, name, leverage: 1, originalMargin: '1000.00', quantity });

describe('HoldingsHomePanel', () => {
  it('lists the newest delivery holdings with P&L at the live price, each opening its detail', async () => {
    const sockets = fakeStream();
    const items = [
      delivery('44', 'TCS', 'Tata Consultancy Services'),
      delivery('43', 'INFY', 'Infosys', 100_000),
      delivery('42', 'RELIANCE', 'Reliance Industries', 1),
      delivery('41', 'SBIN', 'State Bank of India'),
    ];
    const fetchStub = stubPositions(() => jsonResponse({ status: 1, data: { items, nextCursor: null } }));
    await renderWithApp(<HoldingsHomePanel />);

    const rows = await screen.findAllByRole('link', { name: /shares? · avg/ });
    expect(rows).toHaveLength(HOLDINGS_SHOWN);
    expect(screen.queryByText('State Bank of India')).toBeNull();
    const [url, init] = fetchStub.mock.calls[0]!;
    expect(String(url)).toContain('trade/positions');
    expect(JSON.parse(String(init?.body))).toEqual({ tab: 'inventory', limit: 50 });

    expect(within(rows[2]!).getByText('RELIANCE · 1 share · avg ₹100.00')).toBeTruthy();
    // Counts are grouped the Indian way: 1,00,000 shares, never "100000".
    expect(within(rows[1]!).getByText('INFY · 1,00,000 shares · avg ₹100.00')).toBeTruthy();
    const tcs = rows[0]!;
    expect(tcs.getAttribute('href')).toBe('/trade/positionDetail?id=44');
    expect(within(tcs).getByText('TCS · 10 shares · avg ₹100.00')).toBeTruthy();
    // The server's figure first: (101 − 100) × 10.
    expect(within(tcs).getByText('+10.00').className).toContain('amount--up');
    expect(within(tcs).getByText('LTP ₹101.00')).toBeTruthy();

    // A tick below the entry turns the P&L red: (98.50 − 100) × 10.
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.open();
    await waitFor(() =>
      expect(sockets[0]!.sent).toContainEqual(expect.objectContaining({ op: 'subscribe', mode: 'ltp' })),
    );
    sockets[0]!.receive({ type: 'ticks', data: [{ symbol: 'TCS', price: '98.50', time: 1 }] });
    // Ticks are drawn at most once per RENDER_EVERY_MS.
    await waitFor(() => expect(within(tcs).getByText('−15.00').className).toContain('amount--down'), {
      timeout: RENDER_EVERY_MS * 3,
    });
    expect(within(tcs).getByText('LTP ₹98.50')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'All holdings' }).getAttribute('href')).toBe(
      '/trade/index?tab=inventory',
    );
  });

  it('says so when there are none, in the current language', async () => {
    fakeStream();
    stubPositions(() => jsonResponse({ status: 1, data: { items: [], nextCursor: null } }));
    await renderWithApp(<HoldingsHomePanel />, { language: 'hi' });
    expect(await screen.findByText('अभी कोई होल्डिंग नहीं')).toBeTruthy();
  });

  it('offers a retry when the read fails, and shows the holdings it then gets', async () => {
    fakeStream();
    let fail = true;
    stubPositions(() =>
      fail
        ? jsonResponse({ status: 0, code: 'INTERNAL', msg: 'Server unavailable' }, 500)
        : jsonResponse({ status: 1, data: { items: [delivery('44', 'TCS', 'TCS Ltd')], nextCursor: null } }),
    );
    await renderWithApp(<HoldingsHomePanel />);
    // A server error is retried once (about 1 s) before the panel says so.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4_000 });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('TCS Ltd')).toBeTruthy();
  });
});
