import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../api/user-info';
import { BackHeader } from '../../components/back-header';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  BellIcon,
  CheckIcon,
  ClockIcon,
  DocumentIcon,
  ExchangeIcon,
  LendIcon,
  MarketIcon,
  NewsIcon,
  PlusIcon,
  PortfolioIcon,
  TradeIcon,
  WalletIcon,
  WatchlistIcon,
} from '../../components/icons';
import { formatMoney } from '../../lib/money';
import { MENU_SECTIONS, type MenuIconName } from './menu-items';
import './menu.css';

const ICONS: Record<MenuIconName, ComponentType<{ size?: number }>> = {
  market: MarketIcon,
  portfolio: PortfolioIcon,
  ipo: PlusIcon,
  applications: DocumentIcon,
  block: TradeIcon,
  intraday: ClockIcon,
  follow: WatchlistIcon,
  deposit: ArrowDownIcon,
  withdraw: ArrowUpIcon,
  exchange: ExchangeIcon,
  records: DocumentIcon,
  loan: WalletIcon,
  lending: LendIcon,
  news: NewsIcon,
  checkIn: CheckIcon,
  messages: BellIcon,
};

/** The cash the investor can trade with now, and the way to the account. */
function FundsStrip() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const available = user.data?.balances.available;
  return (
    <Link to="/information/index" className="card menu-funds">
      <span className="menu-funds__label">{t('menu.available')}</span>
      <span className="menu-funds__value">
        {available === undefined ? '—' : `₹${formatMoney(available)}`}
      </span>
    </Link>
  );
}

/** /home/menu, the Trade tab: the available cash, then a tile for every service, in three groups. */
export default function MenuScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen menu-screen">
      <BackHeader hideBack />
      <div className="menu-screen__body">
        <FundsStrip />
        {MENU_SECTIONS.map((section) => (
          <section key={section.titleKey} className="card menu-section" aria-label={t(section.titleKey)}>
            <h2 className="menu-section__title">{t(section.titleKey)}</h2>
            <ul className="menu-grid">
              {section.items.map(({ to, titleKey, icon }) => {
                const Icon = ICONS[icon];
                return (
                  <li key={to}>
                    <Link to={to} className="menu-tile">
                      <span className={`menu-tile__icon menu-tile__icon--${icon}`}>
                        <Icon size={22} />
                      </span>
                      <span className="menu-tile__label">{t(titleKey)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
