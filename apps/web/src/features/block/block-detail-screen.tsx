import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InfoRow } from '../../components/info-row';
import { formatMoney } from '../../lib/money';
import { rememberedBlockSymbol, useBlockDetail } from './api';
import { BlockReferenceBasis } from './block-reference-text';
import { BlockWindowCard } from './block-window-card';
import '../../components/trade-screen.css';
import './block.css';
import { InstrumentHead } from '../../components/instrument-head';
import { QueryFeedback } from '../../components/query-state';

/** /home/blockTrade1: one instrument's reference, band, minimum quantity and lock, and the way to order. */
export default function BlockDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = rememberedBlockSymbol();
  const detail = useBlockDetail(symbol);
  const data = detail.data;
  return (
    <div className="screen trade-screen">
      <BackHeader fallbackPath="/home/blockTrade" />
      <div className="trade-screen__body">
        {symbol ? null : <EmptyState message={t('block.detail.noSymbol')} />}
        <QueryFeedback query={detail} isWaiting={detail.isLoading} />
        {data ? (
          <>
            <section className="card trade-card" aria-label={data.item.name}>
              <InstrumentHead instrument={data.item}>
                {data.item.reference ? `₹${formatMoney(data.item.reference.price)}` : '—'}
              </InstrumentHead>
              <dl className="info-list">
                <InfoRow
                  label={t('block.detail.reference')}
                  value={
                    data.item.reference ? formatMoney(data.item.reference.price) : t('block.reference.none')
                  }
                />
                {data.item.reference ? (
                  <>
                    <InfoRow
                      label={t('block.detail.basis')}
                      value={<BlockReferenceBasis reference={data.item.reference} />}
                    />
                    <InfoRow
                      label={t('block.detail.band', { band: data.rules.bandPercent })}
                      value={`${formatMoney(data.item.reference.bandLower)} – ${formatMoney(data.item.reference.bandUpper)}`}
                    />
                  </>
                ) : null}
                <InfoRow label={t('block.detail.lastPrice')} value={formatMoney(data.item.lastPrice)} />
                <InfoRow
                  label={t('block.detail.previousClose')}
                  value={formatMoney(data.item.previousClose)}
                />
                <InfoRow
                  label={t('block.detail.minQuantity')}
                  value={t('block.shares', { shares: data.rules.minQuantity })}
                />
                <InfoRow
                  label={t('block.detail.lock')}
                  value={
                    data.rules.lockDays > 0
                      ? t('block.lockDays', { days: data.rules.lockDays })
                      : t('block.noLock')
                  }
                />
              </dl>
            </section>
            <BlockWindowCard window={data.window} rules={data.rules} />
            <ul className="trade-rules card trade-card">
              <li>{t('block.rule.reference')}</li>
              <li>{t('block.rule.delivery')}</li>
              <li>{t('block.rule.noOffers')}</li>
            </ul>
            <button
              type="button"
              className="button button--primary button--block"
              disabled={!data.window.open || !data.item.reference}
              onClick={() => navigate('/home/blockTrade2')}
            >
              {data.window.open ? t('block.detail.order') : t('block.detail.closed')}
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
