import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ApiError, call } from '../../api/client';
import { callKey } from '../../api/hooks';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { formatIstDateTime } from '../../lib/date-time';
import { accountPurposeKey, entryKindKey, isHoldKind } from '../../lib/entry-kind';
import { formatAmount, formatMoney } from '../../lib/money';
import type { FundRecord, FundRecordsPage, FundTab } from './api';
import './funds.css';
import { TabStrip } from '../../components/tab-strip';

const TABS: readonly FundTab[] = ['trade', 'recharge', 'withdrawal'];

/** A trade-tab entry holding money for something still open is "Held", never "Completed". */
function statusOf(record: FundRecord): FundRecord['status'] | 'held' {
  return record.tab === 'trade' && isHoldKind(record.kind) ? 'held' : record.status;
}

function statusTone(status: FundRecord['status'] | 'held'): string {
  if (status === 'approved' || status === 'posted') return 'verified';
  if (status === 'rejected') return 'rejected';
  return 'unverified';
}

/**
 * What a record moved. A trade-tab record's amount is its net on cash; an entry that moves money
 * between the investor's other accounts (an IPO allotment paid from the blocked amount) nets 0 on
 * cash, so its largest posting is shown with the account it moved on.
 */
function amountOf(record: FundRecord): { amount: string; account?: string } {
  if (record.tab !== 'trade' || record.amount !== '0.00') return { amount: record.amount };
  const moved = record.postings.filter((posting) => !/^-?0(\.0+)?$/.test(posting.amount));
  const largest = moved.reduce<FundRecord['postings'][number] | undefined>((best, posting) => {
    const size = (text: string) => text.replace('-', '').padStart(20, '0');
    return best === undefined || size(posting.amount) > size(best.amount) ? posting : best;
  }, undefined);
  return largest ? { amount: largest.amount, account: largest.account } : { amount: record.amount };
}

function RecordItem({ record }: { record: FundRecord }) {
  const { t, i18n } = useTranslation();
  const title =
    record.tab === 'trade'
      ? t(entryKindKey(record.kind))
      : record.tab === 'recharge'
        ? t('funds.fundRecord.deposit')
        : t('funds.fundRecord.withdrawal');
  const status = statusOf(record);
  const shown = amountOf(record);
  return (
    <li className="card record-item">
      <p className="record-item__row">
        <span className="record-item__title">{title}</span>
        <span className={`tag tag--${statusTone(status)}`}>{t(`funds.status.${status}`)}</span>
      </p>
      <p className="record-item__row">
        <span className="record-item__amount">
          {formatAmount(shown.amount, { currency: record.currency, signed: record.tab === 'trade' })}
        </span>
        {shown.account ? (
          <span className="record-item__meta">{t(accountPurposeKey(shown.account))}</span>
        ) : null}
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

/**
 * /information/fundRequests, the fund records: deposit and withdrawal requests with their review
 * state, and the trade-tab entries, one card per record (the posting-by-posting account statement
 * is /information/fundRecord).
 */
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
