import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ApiError, call } from '../../api/client';
import { callKey } from '../../api/hooks';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import type { FundRecord, FundRecordsPage, FundTab } from './api';
import { kindFamilyOf } from './kind-family';
import './funds.css';
import { TabStrip } from '../../components/tab-strip';

const TABS: readonly FundTab[] = ['trade', 'recharge', 'withdrawal'];

function statusTone(status: FundRecord['status']): string {
  if (status === 'approved' || status === 'posted') return 'verified';
  if (status === 'rejected') return 'rejected';
  return 'unverified';
}

function RecordItem({ record }: { record: FundRecord }) {
  const { t, i18n } = useTranslation();
  const title =
    record.tab === 'trade'
      ? t(`funds.fundRecord.kind.${kindFamilyOf(record.kind)}`)
      : record.tab === 'recharge'
        ? t('funds.fundRecord.deposit')
        : t('funds.fundRecord.withdrawal');
  return (
    <li className="card record-item">
      <p className="record-item__row">
        <span className="record-item__title">{title}</span>
        <span className={`tag tag--${statusTone(record.status)}`}>{t(`funds.status.${record.status}`)}</span>
      </p>
      <p className="record-item__row">
        <span className="record-item__amount">
          {record.currency} {formatMoney(record.amount)}
        </span>
        {record.fee && record.fee !== '0.00' ? (
          <span className="record-item__meta">
            {t('funds.fundRecord.fee', { fee: formatMoney(record.fee) })}
          </span>
        ) : null}
      </p>
      {record.detail ? <p className="record-item__meta">{record.detail}</p> : null}
      {record.reference ? (
        <p className="record-item__meta">
          {t('funds.fundRecord.reference', { reference: record.reference })}
        </p>
      ) : null}
      {record.rejectReason ? (
        <p className="record-item__meta record-item__reason">
          {t('funds.fundRecord.reason', { reason: record.rejectReason })}
        </p>
      ) : null}
      <p className="record-item__meta">
        {formatIstDateTime(record.createdAt, i18n.language)}
        {record.decidedAt ? ` → ${formatIstDateTime(record.decidedAt, i18n.language)}` : ''}
      </p>
    </li>
  );
}

function RecordList({ tab }: { tab: FundTab }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery<
    FundRecordsPage,
    ApiError,
    InfiniteData<FundRecordsPage>,
    readonly unknown[],
    string | null
  >({
    queryKey: [...callKey('user/fundRecords'), { tab, pages: true }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('user/fundRecords', { tab, limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
  return (
    <QueryState query={query}>
      {() => {
        const items = query.data?.pages.flatMap((page) => page.items) ?? [];
        if (items.length === 0) return <EmptyState />;
        return (
          <>
            <ul className="record-list">
              {items.map((record) => (
                <RecordItem key={`${record.tab}-${record.id}`} record={record} />
              ))}
            </ul>
            {query.hasNextPage ? (
              <button
                type="button"
                className="button button--secondary button--block"
                disabled={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
              >
                {query.isFetchingNextPage ? t('common.loading') : t('funds.fundRecord.more')}
              </button>
            ) : null}
          </>
        );
      }}
    </QueryState>
  );
}

/** /information/fundRecord: the spec's tabs trade, recharge and withdrawal, with request states. */
export default function FundRecordScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as FundTab | null;
  const tab: FundTab = requested && TABS.includes(requested) ? requested : 'trade';
  return (
    <FundsScreen>
      <TabStrip
        label={t('funds.fundRecord.tabs')}
        block="funds-tabs"
        tabs={TABS}
        selected={tab}
        onSelect={(item) => setParams({ tab: item }, { replace: true })}
        labelOf={(item) => t(`funds.fundRecord.tab.${item}`)}
        tabId={(item) => `fund-tab-${item}`}
        panelId="fund-tab-panel"
      />
      <div role="tabpanel" id="fund-tab-panel" aria-labelledby={`fund-tab-${tab}`}>
        <RecordList key={tab} tab={tab} />
      </div>
    </FundsScreen>
  );
}
