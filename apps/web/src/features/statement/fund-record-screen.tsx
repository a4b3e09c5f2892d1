import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUser } from '../../api/client';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { changeDirection } from '../../components/price-change';
import { RefreshableList } from '../../components/refreshable-list';
import { TabStrip } from '../../components/tab-strip';
import { accountPurposeKey, entryKindKey } from '../../lib/entry-kind';
import { formatAmount } from '../../lib/money';
import {
  downloadStatementCsv,
  FUND_RECORD_TABS,
  type FundRecordTab,
  type StatementRow,
  useStatement,
} from './api/statement';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

function RecordRow({ row }: { row: StatementRow }) {
  const { t } = useTranslation();
  const direction = changeDirection(row.amount);
  return (
    <li className="record-row">
      <div className="record-row__main">
        <span className="record-row__title">{t(entryKindKey(row.kind))}</span>
        <span className="record-row__meta">
          {t(accountPurposeKey(row.account))} · {dateTime.format(row.time)}
        </span>
        {row.reference ? (
          <span className="record-row__meta">{t('entryKind.reference', { reference: row.reference })}</span>
        ) : null}
      </div>
      <div className="record-row__amounts">
        <span className={`record-row__amount amount--${direction}`}>
          {formatAmount(row.amount, { currency: row.currency, signed: true })}
        </span>
        <span className="record-row__meta">
          {t('fundRecord.balanceAfter', {
            amount: formatAmount(row.balanceAfter, { currency: row.currency }),
          })}
        </span>
      </div>
    </li>
  );
}

function TabRecords({ tab }: { tab: FundRecordTab }) {
  const { t } = useTranslation();
  const statement = useStatement(tab);
  const rows = useMemo(() => statement.data?.pages.flatMap((page) => page.items) ?? [], [statement.data]);
  if (statement.isPending) return <InlineLoading />;
  if (statement.isError) {
    return <NetworkError onRetry={() => void statement.refetch()} isRetrying={statement.isFetching} />;
  }
  if (rows.length === 0) return <EmptyState message={t('fundRecord.empty')} />;
  return (
    <RefreshableList
      onRefresh={() => statement.refetch()}
      hasMore={statement.hasNextPage}
      loadMore={() => statement.fetchNextPage()}
    >
      <ul className="record-list" aria-label={t(`fundRecord.tab.${tab}`)}>
        {rows.map((row) => (
          <RecordRow key={row.postingId} row={row} />
        ))}
      </ul>
    </RefreshableList>
  );
}

/**
 * /information/fundRecord, the account statement: every ledger posting on the investor's accounts
 * with the running balance, in the spec's three tabs, with a CSV download. Each line is named by
 * its entry kind (lib/entry-kind). Deposit and withdrawal requests with their review state are
 * the fund records (/information/fundRequests).
 */
export default function FundRecordScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FundRecordTab>('trade');
  const [isDownloading, setIsDownloading] = useState(false);

  const download = async () => {
    setIsDownloading(true);
    try {
      if (!(await downloadStatementCsv(tab))) notifyUser(t('fundRecord.downloadFailed'));
    } catch {
      notifyUser(t('fundRecord.downloadFailed'));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <div className="screen">
      <BackHeader
        fallbackPath="/information/index"
        right={
          <button
            type="button"
            className="text-link header-link"
            aria-label={t('fundRecord.downloadCsvLabel')}
            disabled={isDownloading}
            onClick={() => void download()}
          >
            {t('fundRecord.downloadCsv')}
          </button>
        }
      />
      <TabStrip
        label={t('fundRecord.tabs')}
        tabs={FUND_RECORD_TABS}
        selected={tab}
        onSelect={setTab}
        labelOf={(option) => t(`fundRecord.tab.${option}`)}
      />
      <TabRecords key={tab} tab={tab} />
    </div>
  );
}
