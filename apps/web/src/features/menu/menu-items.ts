// The Trade tab (/home/menu): every service of the app in one place, grouped as an investor looks
// for them. A label is the title of the screen it opens (route.*): the route test checks they agree.

export type MenuIconName =
  | 'market'
  | 'ipo'
  | 'applications'
  | 'block'
  | 'intraday'
  | 'follow'
  | 'portfolio'
  | 'deposit'
  | 'withdraw'
  | 'exchange'
  | 'records'
  | 'loan'
  | 'lending'
  | 'news'
  | 'checkIn'
  | 'messages';

export interface MenuItem {
  to: string;
  /** The title key of the screen the tile opens (the route table's), so tile and screen agree. */
  titleKey: string;
  icon: MenuIconName;
}

export interface MenuSection {
  titleKey: string;
  items: readonly MenuItem[];
}

export const MENU_SECTIONS: readonly MenuSection[] = [
  {
    titleKey: 'menu.section.trade',
    items: [
      { to: '/home/market', titleKey: 'route.home.market', icon: 'market' },
      { to: '/trade/index', titleKey: 'route.trade.index', icon: 'portfolio' },
      { to: '/home/newStock', titleKey: 'route.home.newStock', icon: 'ipo' },
      { to: '/home/newShareOrder', titleKey: 'route.home.newShareOrder', icon: 'applications' },
      { to: '/home/blockTrade', titleKey: 'route.home.blockTrade', icon: 'block' },
      { to: '/home/dayTrading', titleKey: 'route.home.dayTrading', icon: 'intraday' },
      { to: '/home/fllow', titleKey: 'route.home.fllow', icon: 'follow' },
    ],
  },
  {
    titleKey: 'menu.section.money',
    items: [
      { to: '/information/recharge', titleKey: 'route.information.recharge', icon: 'deposit' },
      { to: '/information/cashOut', titleKey: 'route.information.cashOut', icon: 'withdraw' },
      { to: '/information/exChange', titleKey: 'route.information.exChange', icon: 'exchange' },
      { to: '/information/fundRecord', titleKey: 'route.information.fundRecord', icon: 'records' },
      { to: '/home/loan', titleKey: 'route.home.loan', icon: 'loan' },
      { to: '/home/lending', titleKey: 'route.home.lending', icon: 'lending' },
    ],
  },
  {
    titleKey: 'menu.section.more',
    items: [
      { to: '/home/newsList', titleKey: 'route.home.newsList', icon: 'news' },
      { to: '/home/checkIn', titleKey: 'route.home.checkIn', icon: 'checkIn' },
      { to: '/information/msgInfo', titleKey: 'route.information.msgInfo', icon: 'messages' },
    ],
  },
];
