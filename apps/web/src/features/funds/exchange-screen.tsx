import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { useExchangeRates, useExchangeRecords } from './api';
import { ExchangeForm } from './exchange-form';
import './funds.css';

/** /information/exChange: exchange between the investor's currency accounts, and the records. */
export default function ExchangeScreen() {
  const { t, i18n } = useTranslation();
  const rates = useExchangeRates();
  const records = useExchangeRecords();
  return (
    <FundsScreen>
      <QueryState query={rates}>
        {() =>
          rates.data?.items.length ? (
            <ExchangeForm rates={rates.data.items} onExchanged={() => undefined} />
          ) : (
            <EmptyState message={t('funds.exchange.noPairs')} />
          )
        }
      </QueryState>
      <h2 className="funds-section-title">{t('funds.exchange.records')}</h2>
      {records.data?.items.length ? (
        <ul className="record-list">
          {records.data.items.map((record) => (
            <li key={record.id} className="card record-item">
              <p className="record-item__row">
                <span className="record-item__title">
                  {record.from} → {record.to}
                </span>
                <span className="record-item__amount">
                  {formatMoney(record.amount)} → {formatMoney(record.receive)}
                </span>
              </p>
              <p className="record-item__meta">
                {t('funds.exchange.rate')} {record.rate} ·{' '}
                {formatIstDateTime(record.createdAt, i18n.language)}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="funds-muted">{t('common.noData')}</p>
      )}
    </FundsScreen>
  );
}
