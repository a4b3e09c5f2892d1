import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findConfigValue, useAppConfig } from '../../api/app-config';
import { notifyUser } from '../../api/client';
import { type UserInfo, useUserInfo } from '../../api/user-info';
import { ActionLinks } from '../../components/action-links';
import { BackHeader } from '../../components/back-header';
import {
  AccountIcon,
  BellIcon,
  CheckIcon,
  ChevronRightIcon,
  DocumentIcon,
  GlobeIcon,
  InfoIcon,
  LogoutIcon,
  PortfolioIcon,
  ServiceIcon,
  SettingsIcon,
  ShieldIcon,
  WalletIcon,
} from '../../components/icons';
import { InlineLoading } from '../../components/loading-overlay';
import { useConfirmedLogout } from '../../components/logout-confirm';
import { changeDirection } from '../../components/price-change';
import { QueryState } from '../../components/query-state';
import { maskAccount } from '../../lib/mask-account';
import { formatMoney } from '../../lib/money';
import { readAccount } from '../../lib/session';
import { BrokerFooter } from './broker-footer';

const MENU = [
  // Messages and check-in
  { to: '/information/msgInfo', labelKey: 'accountExtra.messages', Icon: BellIcon },
  { to: '/information/alerts', labelKey: 'route.information.alerts', Icon: BellIcon },
  { to: '/home/checkIn', labelKey: 'accountExtra.checkIn', Icon: CheckIcon },
  { to: '/home/loan', labelKey: 'loans.menu', Icon: WalletIcon },
  { to: '/information/fundRecord', labelKey: 'account.menu.transactions', Icon: DocumentIcon },
  { to: '/information/holdings', labelKey: 'route.information.holdings', Icon: PortfolioIcon },
  { to: '/information/paper', labelKey: 'paper.menu', Icon: PortfolioIcon },
  { to: '/information/contractNotes', labelKey: 'route.information.contractNotes', Icon: DocumentIcon },
  { to: '/information/taxPnl', labelKey: 'route.information.taxPnl', Icon: DocumentIcon },
  { to: '/home/lending', labelKey: 'lending.menu', Icon: PortfolioIcon },
  { to: '/information/bankList', labelKey: 'account.menu.bankAccounts', Icon: WalletIcon },
  { to: '/information/authInfo', labelKey: 'account.menu.kyc', Icon: ShieldIcon },
  { to: '/information/aboutInfo', labelKey: 'account.menu.security', Icon: ShieldIcon },
  { to: '/information/setting', labelKey: 'account.menu.settings', Icon: SettingsIcon },
  { to: '/information/changeLang', labelKey: 'account.menu.language', Icon: GlobeIcon },
  { to: '/information/aboutUs', labelKey: 'account.menu.aboutUs', Icon: InfoIcon },
  { to: '/information/userPri', labelKey: 'account.menu.privacy', Icon: DocumentIcon },
] as const;

function Amount({
  labelKey,
  value,
  isSigned = false,
}: {
  labelKey: string;
  value: string;
  isSigned?: boolean;
}) {
  const { t } = useTranslation();
  const tone = isSigned ? ` amount--${changeDirection(value)}` : '';
  return (
    <div className="amount">
      <dt className="amount__label">{t(labelKey)}</dt>
      <dd className={`amount__value${tone}`}>{formatMoney(value)}</dd>
    </div>
  );
}

/** An amount shown only when there is one: present and not zero. */
function isSomething(value: string | undefined): boolean {
  return value !== undefined && formatMoney(value) !== '0.00';
}

/** "₹1,234.50" for rupees, "USD 1,234.50" for any other account. */
function amountIn(currency: string, value: string): string {
  return currency === 'INR' ? `₹${formatMoney(value)}` : `${currency} ${formatMoney(value)}`;
}

function AssetsCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const accounts = user.accounts?.length ? user.accounts : [user.balances];
  const [currency, setCurrency] = useState(accounts[0]!.currency || 'INR');
  const balances = accounts.find((account) => account.currency === currency) ?? accounts[0]!;
  const shown = balances.currency || 'INR';
  const isPaper = user.book === 'paper';
  return (
    <section
      className={`card assets-card${isPaper ? ' assets-card--paper' : ''}`}
      aria-labelledby="assets-title"
    >
      {accounts.length > 1 ? (
        <div className="assets-card__currencies" role="tablist" aria-label={t('account.currencies')}>
          {accounts.map((account) => (
            <button
              key={account.currency}
              type="button"
              role="tab"
              aria-selected={account.currency === shown}
              className="assets-card__currency"
              onClick={() => setCurrency(account.currency)}
            >
              <span className="assets-card__currency-pill">{account.currency}</span>
            </button>
          ))}
        </div>
      ) : null}
      <p id="assets-title" className="assets-card__label">
        {t('account.totalAssets', { currency: shown })}
        {isPaper ? <span className="assets-card__paper">{t('paper.badge')}</span> : null}
      </p>
      <p className="assets-card__total">{amountIn(shown, balances.totalAssets)}</p>
      {/* Total assets = available + frozen + invested + P&L, in that order (docs/glossary.md). */}
      <dl className="assets-card__grid">
        <Amount labelKey="account.available" value={balances.available} />
        <Amount labelKey="account.frozen" value={balances.frozen} />
        <Amount labelKey="account.invested" value={balances.invested} />
        <Amount labelKey="account.profit" value={balances.profit} isSigned />
        {isSomething(balances.allotted) ? (
          <Amount labelKey="account.allotted" value={balances.allotted!} />
        ) : null}
        <Amount labelKey="account.withdrawable" value={balances.withdrawable} />
      </dl>
      {/* What is owed beside what is held: borrowed money is in total assets, net assets are not. */}
      {isSomething(balances.liabilities) ? (
        <dl className="assets-card__grid assets-card__owed" aria-label={t('account.owedLabel')}>
          <Amount labelKey="account.liabilities" value={balances.liabilities!} />
          <Amount labelKey="account.netAssets" value={balances.netAssets ?? balances.totalAssets} />
        </dl>
      ) : null}
      {/* Paper money is never deposited, withdrawn or exchanged (docs/adr/0026-paper-trading.md). */}
      {isPaper ? null : (
        <ActionLinks
          className="assets-card__actions"
          primary={{ to: '/information/recharge', label: t('account.deposit') }}
          secondary={{ to: '/information/cashOut', label: t('account.withdraw') }}
        />
      )}
      {accounts.length > 1 && !isPaper ? (
        <Link to="/information/exChange" className="assets-card__exchange">
          {t('account.exchange')}
        </Link>
      ) : null}
    </section>
  );
}

function ProfileCard({ user }: { user: UserInfo | undefined }) {
  const { t } = useTranslation();
  const account = user?.account ?? readAccount();
  return (
    <section className="profile-card">
      <span className="profile-card__avatar" aria-hidden="true">
        <AccountIcon size={26} />
      </span>
      <div className="profile-card__text">
        <p className="profile-card__account">{maskAccount(account)}</p>
        {user ? (
          <p className="profile-card__meta">
            <span className={`tag tag--${user.realNameStatus}`}>
              {t(`account.kyc.${user.realNameStatus}`)}
            </span>
            {user.inviteCode ? <span>{t('account.inviteCode', { code: user.inviteCode })}</span> : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** The account centre: who is signed in, the balances, and the way to every account screen. */
export default function AccountScreen() {
  const { t } = useTranslation();
  const { requestLogout, dialog, isLoggingOut, isLoggedOut } = useConfirmedLogout();

  if (isLoggedOut) {
    return (
      <div className="screen">
        <BackHeader hideBack />
        <InlineLoading label={t('account.loggedOut')} />
      </div>
    );
  }
  return <AccountCentre onLogout={requestLogout} isLoggingOut={isLoggingOut} logoutDialog={dialog} />;
}

function AccountCentre({
  onLogout,
  isLoggingOut,
  logoutDialog,
}: {
  onLogout: () => void;
  isLoggingOut: boolean;
  logoutDialog: React.ReactNode;
}) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const config = useAppConfig();

  const openCustomerService = () => {
    const url = findConfigValue(config.data, 'kefu');
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
    else notifyUser(t('topBar.serviceUnavailable'));
  };

  return (
    <div className="screen account-screen">
      <BackHeader hideBack />
      <ProfileCard user={user.data} />
      <QueryState query={user} errorMessage={user.error?.message}>
        {(info) => <AssetsCard user={info} />}
      </QueryState>
      <nav className="menu-list" aria-label={t('account.menu.label')}>
        {MENU.map(({ to, labelKey, Icon }) => (
          <Link key={to} to={to} className="menu-list__item">
            <Icon size={22} />
            <span className="menu-list__label">{t(labelKey)}</span>
            <ChevronRightIcon size={18} className="menu-list__chevron" />
          </Link>
        ))}
        <button type="button" className="menu-list__item" onClick={openCustomerService}>
          <ServiceIcon size={22} />
          <span className="menu-list__label">{t('account.menu.customerService')}</span>
          <ChevronRightIcon size={18} className="menu-list__chevron" />
        </button>
        <button
          type="button"
          className="menu-list__item menu-list__item--danger"
          onClick={onLogout}
          disabled={isLoggingOut}
        >
          <LogoutIcon size={22} />
          <span className="menu-list__label">{t('account.menu.logout')}</span>
        </button>
      </nav>
      <BrokerFooter />
      {logoutDialog}
    </div>
  );
}
