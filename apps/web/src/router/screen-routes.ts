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

/** Every path of the spec's route table, with its meta. */
export const SCREEN_ROUTES: readonly ScreenRoute[] = [
  // Login
  { path: '/login/start', titleKey: 'route.login.start', load: screens.start, isPublic: true },
  { path: '/login/start1', titleKey: 'route.login.start1', load: screens.welcome, isPublic: true },
  { path: '/login/loginAfter', titleKey: 'route.login.loginAfter', load: screens.loginAfter, isPublic: true },
  { path: '/login/login', titleKey: 'route.login.login', load: screens.login, isPublic: true },
  { path: '/login/register', titleKey: 'route.login.register', load: screens.register, isPublic: true },
  { path: '/login/reLogin', titleKey: 'route.login.reLogin', load: screens.reLogin, isPublic: true },
  // Home
  {
    path: '/home/index',
    titleKey: 'route.home.index',
    load: screens.home,
    keepAlive: true,
    indexBar: true,
    ...tab,
  },
  { path: '/home/menu', titleKey: 'route.home.menu', load: screens.menu, ...tab },
  { path: '/home/market', titleKey: 'route.home.market', load: screens.market, indexBar: true },
  { path: '/home/lending', titleKey: 'route.home.lending', load: screens.lending },
  { path: '/home/loan', titleKey: 'route.home.loan', load: screens.loan },
  { path: '/home/loanRe', titleKey: 'route.home.loanRe', load: screens.loanRepay },
  { path: '/home/loanJq', titleKey: 'route.home.loanJq', load: screens.loanRecords },
  { path: '/home/newsList', titleKey: 'route.home.newsList', load: screens.newsList },
  { path: '/home/newsDetail', titleKey: 'route.home.newsDetail', load: screens.newsDetail },
  // Beyond the spec's table: the check-in page.
  { path: '/home/checkIn', titleKey: 'route.home.checkIn', load: screens.checkIn },
  { path: '/home/blockTrade', titleKey: 'route.home.blockTrade', load: screens.blockTrade },
  { path: '/home/blockTrade1', titleKey: 'route.home.blockTrade1', load: screens.blockDetail },
  { path: '/home/blockTrade2', titleKey: 'route.home.blockTrade2', load: screens.blockOrder },
  { path: '/home/blockTrade3', titleKey: 'route.home.blockTrade3', load: screens.blockRecords },
  { path: '/home/fllow', titleKey: 'route.home.fllow', load: screens.follow },
  { path: '/home/qcList', titleKey: 'route.home.qcList', load: screens.followOrders },
  { path: '/home/dayTrading', titleKey: 'route.home.dayTrading', load: screens.dayTrading },
  { path: '/home/newStock', titleKey: 'route.home.newStock', load: screens.newStock },
  { path: '/home/newStockBuy', titleKey: 'route.home.newStockBuy', load: screens.newStockBuy },
  { path: '/home/newShareOrder', titleKey: 'route.home.newShareOrder', load: screens.newShareOrder },
  // Market
  {
    path: '/market/index',
    titleKey: 'route.market.index',
    load: screens.market,
    keepAlive: true,
    indexBar: true,
  },
  { path: '/market/stockDetail', titleKey: 'route.market.stockDetail', load: screens.stockDetail },
  { path: '/market/stockDetailzs', titleKey: 'route.market.stockDetailzs', load: screens.indexDetail },
  {
    path: '/market/components/optionList',
    titleKey: 'route.market.optionList',
    load: screens.optionList,
    keepAlive: true,
    ...tab,
  },
  // Trade
  { path: '/trade/index', titleKey: 'route.trade.index', load: screens.trade, keepAlive: true, ...tab },
  { path: '/trade/positionDetail', titleKey: 'route.trade.positionDetail', load: screens.positionDetail },
  // Beyond the spec's table: the order book and the trade book (Kite's Orders), linked from the
  // Portfolio tab's header and the Trade tab.
  { path: '/trade/orders', titleKey: 'route.trade.orders', load: screens.orders },
  // GTT orders: the list, and a new one from a stock's detail (docs/adr/0031).
  { path: '/trade/gtt', titleKey: 'route.trade.gtt', load: screens.gttList },
  { path: '/trade/gttNew', titleKey: 'route.trade.gttNew', load: screens.gttCreate },
  // Favorites
  { path: '/favorite/index', titleKey: 'route.favorite.index', load: screens.favorites, keepAlive: true },
  { path: '/favorite/search', titleKey: 'route.favorite.search', load: screens.search },
  // Information (account area)
  { path: '/information/index', titleKey: 'route.information.index', load: screens.account, ...tab },
  { path: '/information/setting', titleKey: 'route.information.setting', load: screens.settings },
  { path: '/information/aboutInfo', titleKey: 'route.information.aboutInfo', load: screens.aboutInfo },
  { path: '/information/paper', titleKey: 'route.information.paper', load: screens.paper },
  {
    path: '/information/closeAccount',
    titleKey: 'route.information.closeAccount',
    load: screens.closeAccount,
  },
  {
    path: '/information/changeLang',
    titleKey: 'route.information.changeLang',
    load: screens.changeLanguage,
    isPublic: true,
  },
  { path: '/information/loginPass', titleKey: 'route.information.loginPass', load: screens.loginPassword },
  { path: '/information/fundPass', titleKey: 'route.information.fundPass', load: screens.fundPassword },
  { path: '/information/bankList', titleKey: 'route.information.bankList', load: screens.bankList },
  { path: '/information/addBankCard', titleKey: 'route.information.addBankCard', load: screens.addBankCard },
  { path: '/information/fundRecord', titleKey: 'route.information.fundRecord', load: screens.fundRecord },
  // Beyond the spec's table: deposit and withdrawal requests with their review states; the fund
  // records above are the ledger rows behind them.
  {
    path: '/information/fundRequests',
    titleKey: 'route.information.fundRequests',
    load: screens.fundRequests,
  },
  { path: '/information/exChange', titleKey: 'route.information.exChange', load: screens.exChange },
  { path: '/information/authInfo', titleKey: 'route.information.authInfo', load: screens.authInfo },
  {
    path: '/information/aboutUs',
    titleKey: 'route.information.aboutUs',
    load: screens.aboutUs,
    isPublic: true,
  },
  {
    path: '/information/userPri',
    titleKey: 'route.information.userPri',
    load: screens.privacy,
    isPublic: true,
  },
  { path: '/information/usdtAddress', titleKey: 'route.information.usdtAddress', load: screens.usdtAddress },
  { path: '/information/cashOut', titleKey: 'route.information.cashOut', load: screens.cashOut },
  { path: '/information/recharge', titleKey: 'route.information.recharge', load: screens.recharge },
  {
    path: '/information/rechargeChannel',
    titleKey: 'route.information.rechargeChannel',
    load: screens.rechargeChannel,
  },
  { path: '/information/userInfo', titleKey: 'route.information.userInfo', load: screens.userInfo },
  { path: '/information/msgInfo', titleKey: 'route.information.msgInfo', load: screens.messages },
  // Beyond the spec's table: holdings, contract notes and the tax P&L.
  { path: '/information/holdings', titleKey: 'route.information.holdings', load: screens.holdings },
  {
    path: '/information/contractNotes',
    titleKey: 'route.information.contractNotes',
    load: screens.contractNotes,
  },
  { path: '/information/taxPnl', titleKey: 'route.information.taxPnl', load: screens.taxPnl },
  { path: '/information/alerts', titleKey: 'route.information.alerts', load: screens.alerts },
];
