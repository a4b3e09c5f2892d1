import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyUser } from '../../api/client';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { FormRefusal } from '../../components/form-refusal';
import { InfoRow } from '../../components/info-row';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { QueryState } from '../../components/query-state';
import { RefreshableList } from '../../components/refreshable-list';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import {
  type Lending,
  type LendingOverview,
  type LendingState,
  useLendingOverview,
  useLendingRecords,
} from './api';
import { bpsAsPercent, LendForm } from './lend-form';
import './lending.css';
import { TabStrip } from '../../components/tab-strip';

const TABS = ['lend', 'records'] as const;
type Tab = (typeof TABS)[number];
const RECORD_FILTERS = ['all', 'in_progress', 'completed'] as const;

function LendTab({ overview, onLent }: { overview: LendingOverview; onLent: () => void }) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  // The term end shown in the form counts from when the form opened; the server fixes it at confirm.
  const [openedAtMs, setOpenedAtMs] = useState(() => Date.now());
  const holding = overview.holdings.find((item) => item.positionId === chosen);

  return (
    <div className="lending-body">
      <section className="card lending-summary" aria-label={t('lending.rulesTitle')}>
        <p className="lending-summary__rate">
          {t('lending.ratePerDay', { percent: bpsAsPercent(overview.feeBpsPerDay) })}
        </p>
        <p className="lending-muted">
          {t('lending.intro', { min: formatMoney(overview.minValue), terms: overview.terms.join(' / ') })}
        </p>
      </section>
      {overview.channelOpen ? null : <FormRefusal error={t('lending.channelClosed')} />}
      {holding ? (
        <LendForm
          key={holding.positionId}
          holding={holding}
          overview={overview}
          nowMs={openedAtMs}
          onLent={(lending) => {
            setChosen(null);
            notifyUser(t('lending.lent', { quantity: lending.quantity, symbol: lending.symbol }));
            onLent();
          }}
          onCancel={() => setChosen(null)}
        />
      ) : null}
      <h2 className="lending-section-title">{t('lending.holdingsTitle')}</h2>
      {overview.holdings.length === 0 ? (
        <EmptyState message={t('lending.noHoldings')} description={t('lending.noHoldingsHint')} />
      ) : (
        <ul className="card-list" aria-label={t('lending.holdingsTitle')}>
          {overview.holdings.map((item) => (
            <li key={item.positionId} className="card lending-item">
              <div className="lending-item__main">
                <p className="lending-item__title">
                  {item.symbol} <span className="lending-muted">{item.name}</span>
                </p>
                <p className="lending-muted">
                  {t(item.unit === 'units' ? 'lending.units' : 'lending.shares', {
                    quantity: item.quantity.toLocaleString('en-IN'),
                  })}
                  {item.value ? ` · ₹${formatMoney(item.value)}` : ''}
                </p>
              </div>
              {item.lendingId ? (
                <span className="tag tag--pending">
                  {t('lending.lentUntil', { date: formatIstDateTime(item.lentUntil, i18n.language) })}
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--primary lending-item__button"
                  disabled={!overview.channelOpen || !item.price}
                  aria-label={t('lending.lendLabel', { symbol: item.symbol })}
                  onClick={() => {
                    setOpenedAtMs(Date.now());
                    setChosen(item.positionId);
                  }}
                >
                  {t('lending.lend')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RecordItem({ lending }: { lending: Lending }) {
  const { t, i18n } = useTranslation();
  const isDone = lending.state === 'completed';
  return (
    <li className="card lending-record">
      <p className="lending-record__row">
        <span className="lending-item__title">
          {lending.symbol} · {t('lending.shares', { quantity: lending.quantity })}
        </span>
        <span className={`tag ${isDone ? 'tag--verified' : 'tag--pending'}`}>
          {t(`lending.state.${lending.state}`)}
        </span>
      </p>
      <dl className="info-list">
        <InfoRow label={t('lending.value')} value={`₹${formatMoney(lending.value)}`} />
        <InfoRow
          label={t('lending.termAndRate')}
          value={`${t('lending.days', { days: lending.termDays })} · ${t('lending.ratePerDay', { percent: bpsAsPercent(lending.feeBpsPerDay) })}`}
        />
        <InfoRow
          label={isDone ? t('lending.feePaid') : t('lending.expectedFee')}
          value={`₹${formatMoney(isDone ? lending.feePaid : lending.expectedFee)}`}
        />
        <InfoRow label={t('lending.lentAt')} value={formatIstDateTime(lending.lentAt, i18n.language)} />
        <InfoRow
          label={isDone ? t('lending.completedAt') : t('lending.termEnds')}
          value={formatIstDateTime(isDone ? lending.completedAt : lending.termEndsAt, i18n.language)}
        />
      </dl>
      {lending.endReason === 'position_closed' ? (
        <p className="lending-muted">{t('lending.endedEarly')}</p>
      ) : null}
    </li>
  );
}

function RecordsTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LendingState | 'all'>('all');
  const records = useLendingRecords(filter);
  const items = useMemo(() => records.data?.pages.flatMap((page) => page.items) ?? [], [records.data]);
  return (
    <div className="lending-body">
      <fieldset className="chip-row lending-filter" aria-label={t('lending.filter')}>
        {RECORD_FILTERS.map((option) => (
          <button
            key={option}
            type="button"
            className={`chip${option === filter ? ' chip--active' : ''}`}
            aria-pressed={option === filter}
            onClick={() => setFilter(option)}
          >
            {t(`lending.filterOption.${option}`)}
          </button>
        ))}
      </fieldset>
      {records.isPending ? (
        <InlineLoading />
      ) : records.isError ? (
        <NetworkError onRetry={() => void records.refetch()} isRetrying={records.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState message={t('lending.noRecords')} />
      ) : (
        <RefreshableList
          onRefresh={() => records.refetch()}
          hasMore={records.hasNextPage}
          loadMore={() => records.fetchNextPage()}
        >
          <ul className="card-list" aria-label={t('lending.tab.records')}>
            {items.map((lending) => (
              <RecordItem key={lending.id} lending={lending} />
            ))}
          </ul>
        </RefreshableList>
      )}
    </div>
  );
}

/**
 * /home/lending (securities lending; an extra route beyond the spec's table): lend shares of an unlevered long holding for a
 * term at the daily rate, with the expected fee before confirming; and the lending records, in
 * progress and completed.
 */
export default function LendingScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'records' ? 'records' : 'lend';
  const overview = useLendingOverview();
  const showTab = (next: Tab) => setParams(next === 'lend' ? {} : { tab: next }, { replace: true });

  return (
    <div className="screen lending-screen">
      <BackHeader fallbackPath="/home/index" />
      <TabStrip
        label={t('lending.tabs')}
        tabs={TABS}
        selected={tab}
        onSelect={showTab}
        labelOf={(option) => t(`lending.tab.${option}`)}
      />
      {tab === 'lend' ? (
        <QueryState query={overview}>
          {() => <LendTab overview={overview.data!} onLent={() => showTab('records')} />}
        </QueryState>
      ) : (
        <RecordsTab />
      )}
    </div>
  );
}
