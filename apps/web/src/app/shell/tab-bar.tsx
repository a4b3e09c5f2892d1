import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUnreadCount } from '../../api/unread-count';
import { AccountIcon, MarketIcon, PortfolioIcon, TradeIcon, WatchlistIcon } from '../../components/icons';
import { UnreadBadge } from '../../components/unread-badge';

interface Tab {
  path: string;
  labelKey: string;
  Icon: ComponentType<{ size?: number }>;
}

/**
 * The five tabs of the spec's shell. Its labels (Market, Portfolio, Trade, Watchlist, Mine) map to
 * the routes by what each screen holds: the home screen is the market overview, the option list is
 * the watchlist, the menu gathers the ways to trade, trade/index lists holdings, and the account
 * centre is "Mine".
 */
export const TABS: readonly Tab[] = [
  { path: '/home/index', labelKey: 'tabs.market', Icon: MarketIcon },
  { path: '/market/components/optionList', labelKey: 'tabs.watchlist', Icon: WatchlistIcon },
  { path: '/home/menu', labelKey: 'tabs.trade', Icon: TradeIcon },
  { path: '/trade/index', labelKey: 'tabs.portfolio', Icon: PortfolioIcon },
  { path: '/information/index', labelKey: 'tabs.account', Icon: AccountIcon },
];

const ACCOUNT_TAB_PATH = '/information/index';

export const TAB_PATHS: ReadonlySet<string> = new Set(TABS.map((tab) => tab.path));

export function TabBar() {
  const { t } = useTranslation();
  // The account tab carries the count of unread notices.
  const unread = useUnreadCount();
  return (
    <nav className="tab-bar" aria-label={t('tabs.label')}>
      {TABS.map(({ path, labelKey, Icon }) => (
        <NavLink key={path} to={path} className="tab-bar__item" replace>
          <span className="tab-bar__icon">
            <Icon size={24} />
            {path === ACCOUNT_TAB_PATH ? <UnreadBadge unread={unread} /> : null}
          </span>
          <span className="tab-bar__label">{t(labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
