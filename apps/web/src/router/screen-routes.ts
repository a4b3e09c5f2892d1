import type { RouteHandle } from '../lib/route-handle';
import type { ScreenLoader } from './lazy-screen';

// The route table without any component, so start-up can find the first screen's code (and
// router/preload.ts its data) before the app's frame and the router are loaded.

// Every screen of the route table, loaded on first use.
const screens = {
  menu: () => import('../features/menu/menu-screen'),
  start: () => import('../features/login/start-screen'),
  welcome: () => import('../features/login/welcome-screen'),
  loginAfter: () => import('../features/login/login-after-screen'),
  login: () => import('../features/login/login-screen'),
  register: () => import('../features/login/register-screen'),
  reLogin: () => import('../features/login/re-login-screen'),
  account: () => import('../features/account/account-screen'),
  changeLanguage: () => import('../features/account/change-language-screen'),
  notFound: () => import('../features/not-found/not-found-screen'),
  // Funds and identity
  authInfo: () => import('../features/funds/auth-info-screen'),
  bankList: () => import('../features/funds/bank-list-screen'),
  addBankCard: () => import('../features/funds/add-bank-card-screen'),
  usdtAddress: () => import('../features/funds/usdt-address-screen'),
  recharge: () => import('../features/funds/recharge-screen'),
  rechargeChannel: () => import('../features/funds/recharge-channel-screen'),
  cashOut: () => import('../features/funds/cash-out-screen'),
  exChange: () => import('../features/funds/exchange-screen'),
  fundRequests: () => import('../features/funds/fund-record-screen'),
  home: () => import('../app/routes/home-screen'),
  market: () => import('../features/market/market-screen'),
  stockDetail: () => import('../features/market/stock-detail-screen'),
  indexDetail: () => import('../features/market/index-detail-screen'),
  optionList: () => import('../features/favorite/option-list-screen'),
  favorites: () => import('../features/favorite/favorite-manage-screen'),
  search: () => import('../features/favorite/search-screen'),
  settings: () => import('../features/settings/settings-screen'),
  loginPassword: () => import('../features/settings/login-password-screen'),
  fundPassword: () => import('../features/settings/fund-password-screen'),
  aboutUs: () => import('../features/about/about-us-screen'),
  aboutInfo: () => import('../features/about/about-info-screen'),
  closeAccount: () => import('../features/about/close-account-screen'),
  paper: () => import('../features/paper/paper-screen'),
  privacy: () => import('../features/about/privacy-screen'),
  fundRecord: () => import('../features/statement/fund-record-screen'),
  messages: () => import('../features/messages/messages-screen'),
  // Trading screens
  trade: () => import('../app/routes/trade-screen'),
  positionDetail: () => import('../features/trade/position-detail-screen'),
  dayTrading: () => import('../features/trade/day-trading-screen'),
  // Copy-trading (docs/adr/0014-copy-trading.md)
  follow: () => import('../features/follow/follow-list-screen'),
  followOrders: () => import('../features/follow/follow-orders-screen'),
  // News, check-in and the remaining account pages
  newsList: () => import('../features/news/news-list-screen'),
  newsDetail: () => import('../features/news/news-detail-screen'),
  checkIn: () => import('../features/checkin/check-in-screen'),
  userInfo: () => import('../features/account/user-info-screen'),
  // Block trades (docs/adr/0012-block-trades.md)
  blockTrade: () => import('../features/block/block-trade-screen'),
  blockDetail: () => import('../features/block/block-detail-screen'),
  blockOrder: () => import('../features/block/block-order-screen'),
  blockRecords: () => import('../features/block/block-records-screen'),
  // Securities lending (docs/adr/0015-securities-lending.md): a route of its own (the spec's loanJq
  // is the loan records), with its records as a tab.
  lending: () => import('../features/lending/lending-screen'),
  // Credit loans (docs/adr/0013-credit-loans.md)
  loan: () => import('../features/loans/loan-screen'),
  loanRepay: () => import('../features/loans/loan-repay-screen'),
  loanRecords: () => import('../features/loans/loan-records-screen'),
  // New shares (IPO, docs/adr/0011-ipo-draw.md)
  newStock: () => import('../features/new-stock/new-stock-screen'),
  newStockBuy: () => import('../features/new-stock/new-stock-buy-screen'),
  newShareOrder: () => import('../features/new-stock/new-share-order-screen'),
  // Holdings, contract notes and the tax P&L (docs/adr/0021-contract-notes.md)
  holdings: () => import('../features/portfolio/holdings-screen'),
  contractNotes: () => import('../features/portfolio/contract-notes-screen'),
  taxPnl: () => import('../features/portfolio/tax-pnl-screen'),
  orders: () => import('../features/orders/orders-screen'),
  // Price alerts (docs/adr/0034-price-alerts.md)
  alerts: () => import('../features/alerts/alerts-screen'),
  // GTT orders (docs/adr/0031-gtt-and-after-market-orders.md)
  gttList: () => import('../features/gtt/gtt-list-screen'),
  gttCreate: () => import('../features/gtt/gtt-create-screen'),
} satisfies Record<string, ScreenLoader>;

export interface ScreenRoute extends RouteHandle {
  path: string;
  load: ScreenLoader;
}

/** The screen of every path the table does not know. */
export const notFoundScreen: ScreenLoader = screens.notFound;

const tab = { tabBar: true } as const;

/** A screen's route; its title is the locale key named by its path (`/home/loan` is `route.home.loan`). */
function screen(path: string, load: ScreenLoader, meta: Partial<RouteHandle> = {}): ScreenRoute {
  return { path, titleKey: `route${path.replaceAll('/', '.')}`, load, ...meta };
}

/** Every path of the spec's route table, with its meta. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  // Login
  screen('/login/start', screens.start, { isPublic: true }),
  screen('/login/start1', screens.welcome, { isPublic: true }),
  screen('/login/loginAfter', screens.loginAfter, { isPublic: true }),
  screen('/login/login', screens.login, { isPublic: true }),
  screen('/login/register', screens.register, { isPublic: true }),
  screen('/login/reLogin', screens.reLogin, { isPublic: true }),
  // Home
  screen('/home/index', screens.home, { keepAlive: true, indexBar: true, ...tab }),
  screen('/home/menu', screens.menu, tab),
  screen('/home/market', screens.market, { indexBar: true }),
  screen('/home/lending', screens.lending),
  screen('/home/loan', screens.loan),
  screen('/home/loanRe', screens.loanRepay),
  screen('/home/loanJq', screens.loanRecords),
  screen('/home/newsList', screens.newsList),
  screen('/home/newsDetail', screens.newsDetail),
  // Beyond the spec's table: the check-in page.
  screen('/home/checkIn', screens.checkIn),
  screen('/home/blockTrade', screens.blockTrade),
  screen('/home/blockTrade1', screens.blockDetail),
  screen('/home/blockTrade2', screens.blockOrder),
  screen('/home/blockTrade3', screens.blockRecords),
  screen('/home/fllow', screens.follow),
  screen('/home/qcList', screens.followOrders),
  screen('/home/dayTrading', screens.dayTrading),
  screen('/home/newStock', screens.newStock),
  screen('/home/newStockBuy', screens.newStockBuy),
  screen('/home/newShareOrder', screens.newShareOrder),
  // Market
  screen('/market/index', screens.market, { keepAlive: true, indexBar: true }),
  screen('/market/stockDetail', screens.stockDetail),
  screen('/market/stockDetailzs', screens.indexDetail),
  screen('/market/components/optionList', screens.optionList, {
    titleKey: 'route.market.optionList',
    keepAlive: true,
    ...tab,
  }),
  // Trade
  screen('/trade/index', screens.trade, { keepAlive: true, ...tab }),
  screen('/trade/positionDetail', screens.positionDetail),
  // Beyond the spec's table: the order book and the trade book (Kite's Orders), linked from the
  // Portfolio tab's header and the Trade tab.
  screen('/trade/orders', screens.orders),
  // GTT orders: the list, and a new one from a stock's detail (docs/adr/0031).
  screen('/trade/gtt', screens.gttList),
  screen('/trade/gttNew', screens.gttCreate),
  // Favorites
  screen('/favorite/index', screens.favorites, { keepAlive: true }),
  screen('/favorite/search', screens.search),
  // Information (account area)
  screen('/information/index', screens.account, tab),
  screen('/information/setting', screens.settings),
  screen('/information/aboutInfo', screens.aboutInfo),
  screen('/information/paper', screens.paper),
  screen('/information/closeAccount', screens.closeAccount),
  screen('/information/changeLang', screens.changeLanguage, { isPublic: true }),
  screen('/information/loginPass', screens.loginPassword),
  screen('/information/fundPass', screens.fundPassword),
  screen('/information/bankList', screens.bankList),
  screen('/information/addBankCard', screens.addBankCard),
  screen('/information/fundRecord', screens.fundRecord),
  // Beyond the spec's table: deposit and withdrawal requests with their review states; the fund
  // records above are the ledger rows behind them.
  screen('/information/fundRequests', screens.fundRequests),
  screen('/information/exChange', screens.exChange),
  screen('/information/authInfo', screens.authInfo),
  screen('/information/aboutUs', screens.aboutUs, { isPublic: true }),
  screen('/information/userPri', screens.privacy, { isPublic: true }),
  screen('/information/usdtAddress', screens.usdtAddress),
  screen('/information/cashOut', screens.cashOut),
  screen('/information/recharge', screens.recharge),
  screen('/information/rechargeChannel', screens.rechargeChannel),
  screen('/information/userInfo', screens.userInfo),
  screen('/information/msgInfo', screens.messages),
  // Beyond the spec's table: holdings, contract notes and the tax P&L.
  screen('/information/holdings', screens.holdings),
  screen('/information/contractNotes', screens.contractNotes),
  screen('/information/taxPnl', screens.taxPnl),
  screen('/information/alerts', screens.alerts),
];
