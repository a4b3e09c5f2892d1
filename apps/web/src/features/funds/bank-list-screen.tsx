import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { formatIstDateTime } from '../../lib/date-time';
import { type Destination, useBankList, useWalletList } from './api';
import { UnbindDialog } from './unbind-dialog';
import './funds.css';

export function DestinationCard({
  destination,
  onUnbind,
}: {
  destination: Destination;
  onUnbind: () => void;
}) {
  const { t, i18n } = useTranslation();
  const isBank = destination.kind === 'bank';
  return (
    <li className="card destination-card">
      <div className="destination-card__main">
        <p className="destination-card__title">{isBank ? destination.bankName : destination.network}</p>
        <p className="destination-card__number">{isBank ? destination.accountNumber : destination.address}</p>
        {isBank ? (
          <p className="destination-card__meta">
            {destination.holderName} · {destination.ifsc}
            {destination.branchName ? ` · ${destination.branchName}` : ''}
          </p>
        ) : null}
        <p className="destination-card__meta">
          {destination.usable
            ? t('funds.destinations.usable')
            : t('funds.destinations.coolingOff', {
                time: formatIstDateTime(destination.usableFrom, i18n.language),
              })}
        </p>
      </div>
      <button type="button" className="link-button destination-card__unbind" onClick={onUnbind}>
        {t('funds.destinations.unbind')}
      </button>
    </li>
  );
}

/** /information/bankList: the investor's bank accounts and wallets, add and unbind. */
export default function BankListScreen() {
  const { t } = useTranslation();
  const banks = useBankList();
  const wallets = useWalletList();
  const [unbinding, setUnbinding] = useState<Destination | null>(null);
  return (
    <FundsScreen>
      <h2 className="funds-section-title">{t('funds.destinations.banks')}</h2>
      <QueryState query={banks}>
        {() =>
          banks.data?.items.length ? (
            <ul className="destination-list">
              {banks.data.items.map((item) => (
                <DestinationCard key={item.id} destination={item} onUnbind={() => setUnbinding(item)} />
              ))}
            </ul>
          ) : (
            <EmptyState message={t('funds.destinations.noBanks')} />
          )
        }
      </QueryState>
      <Link to="/information/addBankCard" className="button button--primary button--block">
        {t('funds.destinations.addBank')}
      </Link>
      {/* While crypto is off a wallet can neither be added nor paid to: the section shows only wallets kept from before. */}
      {wallets.data?.cryptoEnabled || wallets.data?.items.length ? (
        <h2 className="funds-section-title">{t('funds.destinations.wallets')}</h2>
      ) : null}
      {wallets.data?.items.length ? (
        <ul className="destination-list">
          {wallets.data.items.map((item) => (
            <DestinationCard key={item.id} destination={item} onUnbind={() => setUnbinding(item)} />
          ))}
        </ul>
      ) : wallets.data?.cryptoEnabled ? (
        <p className="funds-muted">{t('funds.destinations.noWallets')}</p>
      ) : null}
      {wallets.data?.cryptoEnabled ? (
        <Link to="/information/usdtAddress" className="button button--secondary button--block">
          {t('funds.destinations.addWallet')}
        </Link>
      ) : null}
      {unbinding ? <UnbindDialog destination={unbinding} onClose={() => setUnbinding(null)} /> : null}
    </FundsScreen>
  );
}
