import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSimulatedMarket, useAppConfig } from '../../api/app-config';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { SimulatedMarketBadge } from '../../components/simulated-market-badge';
import { useBlockList } from './api';
import { BlockInstrumentList } from './block-instrument-list';
import { BlockWindowCard } from './block-window-card';
import '../../components/trade-screen.css';
import './block.css';
import { QueryFeedback } from '../../components/query-state';

/**
 * /home/blockTrade: the block windows' state and countdown, the rules, and the eligible list with
 * each instrument's reference price and band. Everyone sees the same list and the same references.
 */
export default function BlockTradeScreen() {
  const { t } = useTranslation();
  const list = useBlockList();
  const config = useAppConfig();
  const data = list.data;
  return (
    <div className="screen trade-screen">
      <BackHeader
        fallbackPath="/home/index"
        right={
          <Link to="/home/blockTrade3" className="block-header-link" aria-label={t('block.records.link')}>
            {t('block.records.short')}
          </Link>
        }
      />
      <div className="trade-screen__body">
        {isSimulatedMarket(config.data) ? <SimulatedMarketBadge /> : null}
        <QueryFeedback query={list} />
        {data ? (
          <>
            <BlockWindowCard window={data.window} rules={data.rules} />
            <p className="notice block-rules">
              {t('block.rules.summary', {
                min: data.rules.minQuantity,
                band: data.rules.bandPercent,
                morning: `${data.rules.morning.start}–${data.rules.morning.end}`,
                afternoon: `${data.rules.afternoon.start}–${data.rules.afternoon.end}`,
              })}
            </p>
            {data.items.length === 0 ? (
              <EmptyState />
            ) : (
              <section className="card trade-card" aria-labelledby="block-list-title">
                <h2 id="block-list-title" className="trade-section-title block-list__head">
                  <span>{t('block.list.title')}</span>
                  <span className="block-list__head-note">{t('block.list.referenceBand')}</span>
                </h2>
                <BlockInstrumentList items={data.items} />
              </section>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
