// The Trade tab (/home/menu): every service of the app in one place, grouped as an investor looks
// for them. A label is the title of the screen it opens (route.*), so the two never disagree.

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
      { to: '/home/market', icon: 'market' },
      { to: '/trade/index', icon: 'portfolio' },
      { to: '/home/newStock', icon: 'ipo' },
      { to: '/home/newShareOrder', icon: 'applications' },
      { to: '/home/blockTrade', icon: 'block' },
      { to: '/home/dayTrading', icon: 'intraday' },
      { to: '/home/fllow', icon: 'follow' },
    ],
  },
  {
    titleKey: 'menu.section.money',
    items: [
      { to: '/information/recharge', icon: 'deposit' },
      { to: '/information/cashOut', icon: 'withdraw' },
      { to: '/information/exChange', icon: 'exchange' },
      { to: '/information/fundRecord', icon: 'records' },
      { to: '/home/loan', icon: 'loan' },
      { to: '/home/lending', icon: 'lending' },
    ],
  },
  {
    titleKey: 'menu.section.more',
    items: [
      { to: '/home/newsList', icon: 'news' },
      { to: '/home/checkIn', icon: 'checkIn' },
      { to: '/information/msgInfo', icon: 'messages' },
    ],
  },
];
