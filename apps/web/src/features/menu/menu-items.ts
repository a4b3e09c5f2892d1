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

/** A tile titled as the screen it opens: `/home/market` → route.home.market. */
function tile(to: string, icon: MenuIconName): MenuItem {
  return { to, titleKey: `route${to.replaceAll('/', '.')}`, icon };
}

export const MENU_SECTIONS: readonly MenuSection[] = [
  {
    titleKey: 'menu.section.trade',
    items: [
      tile('/home/market', 'market'),
      tile('/trade/index', 'portfolio'),
      tile('/trade/orders', 'records'),
      tile('/home/newStock', 'ipo'),
      tile('/home/newShareOrder', 'applications'),
      tile('/home/blockTrade', 'block'),
      tile('/home/dayTrading', 'intraday'),
      tile('/home/fllow', 'follow'),
    ],
  },
  {
    titleKey: 'menu.section.money',
    items: [
      tile('/information/recharge', 'deposit'),
      tile('/information/cashOut', 'withdraw'),
      tile('/information/exChange', 'exchange'),
      tile('/information/fundRecord', 'records'),
      tile('/home/loan', 'loan'),
      tile('/home/lending', 'lending'),
    ],
  },
  {
    titleKey: 'menu.section.more',
    items: [
      tile('/home/newsList', 'news'),
      tile('/home/checkIn', 'checkIn'),
      tile('/information/msgInfo', 'messages'),
    ],
  },
];
