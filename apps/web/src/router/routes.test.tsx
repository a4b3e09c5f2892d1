import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/hooks';
import { MENU_SECTIONS } from '../features/menu/menu-items';
import { changeLanguage, i18n } from '../i18n';
import en from '../i18n/en.json';
import { jsonResponse } from '../test/render';
import { routes, SCREEN_ROUTES } from './routes';

// The spec's route table (section 2), path for path.
const SPEC_PATHS = [
  '/login/start',
  '/login/start1',
  '/login/loginAfter',
  '/login/login',
  '/login/register',
  '/login/reLogin',
  '/home/index',
  '/home/menu',
  '/home/market',
  '/home/loan',
  '/home/loanRe',
  '/home/loanJq',
  '/home/newsList',
  '/home/newsDetail',
  '/home/blockTrade',
  '/home/blockTrade1',
  '/home/blockTrade2',
  '/home/blockTrade3',
  '/home/fllow',
  '/home/qcList',
  '/home/dayTrading',
  '/home/newStock',
  '/home/newStockBuy',
  '/home/newShareOrder',
  '/market/index',
  '/market/stockDetail',
  '/market/stockDetailzs',
  '/market/components/optionList',
  '/trade/index',
  '/trade/positionDetail',
  '/favorite/index',
  '/favorite/search',
  ...[
    'index',
    'setting',
    'aboutInfo',
    'changeLang',
    'loginPass',
    'fundPass',
    'bankList',
    'addBankCard',
    'fundRecord',
    'exChange',
    'authInfo',
    'aboutUs',
    'userPri',
    'usdtAddress',
    'cashOut',
    'recharge',
    'rechargeChannel',
    'userInfo',
    'msgInfo',
  ].map((name) => `/information/${name}`),
];

function lookUp(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

async function renderAt(path: string) {
  await changeLanguage('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ status: 1, data: [] })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('route table', () => {
  it('has every path of the spec, once, each lazy and titled', () => {
    const paths = SCREEN_ROUTES.map((route) => route.path);
    // Routes beyond the spec's table, each named here on purpose.
    const EXTRA_PATHS = [
      '/information/fundRequests',
      '/home/checkIn',
      '/home/lending',
      // Holdings, contract notes and the tax P&L (docs/adr/0021-contract-notes.md).
      '/information/holdings',
      '/information/contractNotes',
      '/information/taxPnl',
      // The order book and the trade book (Kite's Orders).
      '/trade/orders',
      // Closing the account, from the security centre (docs/adr/0024-openapi-suites-and-account-closure.md).
      '/information/closeAccount',
      // Paper trading, from the account centre (docs/adr/0026-paper-trading.md).
      '/information/paper',
      // Price alerts (docs/adr/0034-price-alerts.md).
      '/information/alerts',
      // GTT orders (docs/adr/0031-gtt-and-after-market-orders.md).
      '/trade/gtt',
      '/trade/gttNew',
    ];
    expect([...paths].sort()).toEqual([...SPEC_PATHS, ...EXTRA_PATHS].sort());
    for (const route of SCREEN_ROUTES) expect(typeof lookUp(route.titleKey)).toBe('string');
  });

  it('shows the tab bar on the five tab screens only', () => {
    const tabs = SCREEN_ROUTES.filter((route) => route.tabBar).map((route) => route.path);
    expect(tabs.sort()).toEqual(
      [
        '/home/index',
        '/market/components/optionList',
        '/home/menu',
        '/trade/index',
        '/information/index',
      ].sort(),
    );
  });

  it('sends the root to the start screen', async () => {
    const router = await renderAt('/');
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/'));
    expect(router.state.location.pathname).toBe('/login/start');
  });

  it('opens the Trade tab on a tile for every service, each a screen of the table and titled as it', async () => {
    localStorage.setItem('token', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse({
          status: 1,
          data: String(url).endsWith('user/getUserinfo') ? { balances: { available: '12345.50' } } : [],
        }),
      ),
    );
    await renderAt('/home/menu');
    expect(await screen.findByRole('heading', { name: 'Trade' })).toBeTruthy();
    // The cash the investor can trade with heads the tab.
    expect((await screen.findByText('₹12,345.50')).closest('a')?.getAttribute('href')).toBe(
      '/information/index',
    );
    for (const section of MENU_SECTIONS) {
      const region = screen.getByRole('region', { name: lookUp(section.titleKey) as string });
      for (const { to, titleKey } of section.items) {
        const route = SCREEN_ROUTES.find((candidate) => candidate.path === to);
        expect(route, to).toBeTruthy();
        expect(titleKey, to).toBe(route!.titleKey);
        const link = within(region).getByRole('link', { name: lookUp(route!.titleKey) as string });
        expect(link.getAttribute('href')).toBe(to);
      }
    }
    const tiles = MENU_SECTIONS.flatMap((section) => section.items);
    // Services no other screen links to are here: intraday trading and currency exchange.
    expect(tiles.map((tile) => tile.to)).toEqual(
      expect.arrayContaining(['/home/dayTrading', '/information/exChange']),
    );
  });

  it('sends a signed-out user from a private screen to the login', async () => {
    const router = await renderAt('/trade/index');
    // The private screen's chunk loads first; on a loaded machine that takes longer than the default 1 s.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login/login'), { timeout: 10_000 });
  });

  it('answers an unknown path with the not-found screen', async () => {
    await renderAt('/no/such/screen');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
