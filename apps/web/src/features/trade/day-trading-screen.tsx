import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiQueryKey } from '../../api/hooks';
import { BackHeader } from '../../components/back-header';
import { FormRefusal } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { formatIstDateTime } from '../../lib/date-time';
import { type DayTradingStatus, useDayTradingStatus, useTradeMutation } from './api';
import '../../components/trade-screen.css';
import { QueryFeedback } from '../../components/query-state';

const TONE: Record<DayTradingStatus['status'], string> = {
  none: 'unverified',
  pending: 'pending',
  approved: 'verified',
  rejected: 'rejected',
};

/** /home/dayTrading: the rules of intraday trading, the investor's status, and the application. */
export default function DayTradingScreen() {
  const { t, i18n } = useTranslation();
  const status = useDayTradingStatus();
  const queryClient = useQueryClient();
  const apply = useTradeMutation('dayTrading/apply', (next) =>
    queryClient.setQueryData(apiQueryKey('dayTrading/status', {}), next),
  );
  const data = status.data;
  const canApply = data !== undefined && (data.status === 'none' || data.status === 'rejected');

  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/home/index" />
      <div className="trade-screen__body">
        <QueryFeedback query={status} />
        {data ? (
          <>
            <section className="card trade-card" aria-label={t('trade.dayTrading.statusTitle')}>
              <p className="trade-item__row">
                <span className="trade-item__title">{t('trade.dayTrading.statusTitle')}</span>
                <span className={`tag tag--${TONE[data.status]}`}>
                  {t(`trade.dayTrading.status.${data.status}`)}
                </span>
              </p>
              <p className="funds-dialog__text">{t(`trade.dayTrading.explain.${data.status}`)}</p>
              {data.appliedAt || data.decidedAt || data.reason ? (
                <dl className="info-list">
                  {data.appliedAt ? (
                    <InfoRow
                      label={t('trade.dayTrading.appliedAt')}
                      value={formatIstDateTime(data.appliedAt, i18n.language)}
                    />
                  ) : null}
                  {data.decidedAt ? (
                    <InfoRow
                      label={t('trade.dayTrading.decidedAt')}
                      value={formatIstDateTime(data.decidedAt, i18n.language)}
                    />
                  ) : null}
                  {data.reason ? <InfoRow label={t('trade.dayTrading.reason')} value={data.reason} /> : null}
                </dl>
              ) : null}
            </section>
            <section className="card trade-card" aria-labelledby="day-trading-rules">
              <h2 id="day-trading-rules" className="trade-section-title">
                {t('trade.dayTrading.rulesTitle')}
              </h2>
              <ul className="trade-rules">
                <li>{t('trade.dayTrading.rule.approval')}</li>
                <li>{t('trade.dayTrading.rule.squareOff', { time: data.rules.squareOffTime })}</li>
                <li>
                  {t('trade.dayTrading.rule.stopOut', {
                    percent: data.rules.stopOutPercent.replace(/\.0+$/, ''),
                  })}
                </li>
                <li>{t('trade.dayTrading.rule.noNewAfter', { time: data.rules.squareOffTime })}</li>
                <li>{t('trade.dayTrading.rule.lossCap')}</li>
              </ul>
            </section>
            <FormRefusal error={apply.error} />
            {canApply ? (
              <button
                type="button"
                className="button button--primary button--block"
                disabled={apply.isPending}
                onClick={() => void apply.submit({})}
              >
                {apply.isPending ? t('trade.submitting') : t('trade.dayTrading.apply')}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
