import { useTranslation } from 'react-i18next';
import type { CallBody } from '../api/calls';
import { useApiQuery } from '../api/hooks';
import { formatCalendarDate } from '../lib/date-time';
import { formatMoney } from '../lib/money';
import { InfoRow } from './info-row';
import './charges-breakdown.css';

/** The body of `trade/estimate`: an order like trade/open, or the close of a holding. */
export type EstimateBody = CallBody<'trade/estimate'>;

const LINES = ['brokerage', 'stt', 'exchange', 'sebi', 'stampDuty', 'gst', 'dp'] as const;

/**
 * The charges of an order or a close line by line, as a contract note lists them, and the net
 * amount, from the server's `trade/estimate` (the same core function and schedule the trade uses;
 * docs/adr/0020). Shown in the buy, sell and block-buy confirmations, like Kite's charges pop-up.
 */
export function ChargesBreakdown({ body }: { body: EstimateBody }) {
  const { t, i18n } = useTranslation();
  const estimate = useApiQuery('trade/estimate', body, { staleTime: 5_000 });
  if (estimate.isPending) return <p className="trade-charges__note">{t('trade.charges.loading')}</p>;
  // A reply without lines (an older server) shows the same note as an error.
  if (estimate.isError || !estimate.data?.charges) {
    return <p className="trade-charges__note">{t('trade.charges.unavailable')}</p>;
  }
  const data = estimate.data;
  return (
    <section className="trade-charges" aria-label={t('trade.charges.title')}>
      <h3 className="trade-charges__title">
        {t('trade.charges.title')} <span className="trade-charges__product">{data.product}</span>
      </h3>
      <dl className="info-list">
        <InfoRow label={t('trade.charges.turnover')} value={formatMoney(data.turnover)} />
        {LINES.map((line) => (
          <InfoRow key={line} label={t(`trade.charges.${line}`)} value={formatMoney(data.charges[line])} />
        ))}
        <InfoRow
          label={t('trade.charges.total')}
          value={<strong>{formatMoney(data.charges.total)}</strong>}
        />
        <InfoRow
          label={data.leg === 'open' ? t('trade.charges.netPay') : t('trade.charges.netReceive')}
          value={<strong>{formatMoney(data.netAmount)}</strong>}
        />
      </dl>
      <p className="trade-charges__note">
        {t('trade.charges.note', { date: formatCalendarDate(data.scheduleFrom, i18n.language) })}
      </p>
    </section>
  );
}
