import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUser } from '../../api/client';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { QueryState } from '../../components/query-state';
import { TabStrip } from '../../components/tab-strip';
import { formatCalendarDate } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { downloadFile, paiseOf, recentFinancialYears, type TaxPnl, useTaxPnl } from './api';
import { PortfolioRow, PortfolioSection, Signed, SummaryItem } from './portfolio-parts';
import './portfolio.css';

/** Realised P&L by month as bars above (gains) and below (losses) a zero line. */
function MonthChart({ months }: { months: TaxPnl['months'] }) {
  const { t, i18n } = useTranslation();
  const largest = months.reduce((max, month) => {
    const paise = paiseOf(month.realised);
    const size = paise < 0n ? -paise : paise;
    return size > max ? size : max;
  }, 0n);
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'narrow', timeZone: 'UTC' });
  return (
    <div className="pnl-chart" role="img" aria-label={t('portfolio.tax.chartLabel')}>
      {months.map((month) => {
        const paise = paiseOf(month.realised);
        const heightPercent = largest === 0n ? 0 : Number(((paise < 0n ? -paise : paise) * 100n) / largest);
        const bar = (
          <span
            className={`pnl-chart__bar pnl-chart__bar--${paise < 0n ? 'down' : 'up'}`}
            style={{ height: `${heightPercent}%` }}
            title={`${month.month}: ${formatMoney(month.realised)}`}
          />
        );
        return (
          <div key={month.month} className="pnl-chart__month">
            <div className="pnl-chart__up">{paise > 0n ? bar : null}</div>
            <div className="pnl-chart__down">{paise < 0n ? bar : null}</div>
            <span className="pnl-chart__label">
              {monthName.format(new Date(`${month.month}-15T00:00:00Z`))}
            </span>
          </div>
        );
      })}
    </div>
  );
}

function Report({ report }: { report: TaxPnl }) {
  const { t, i18n } = useTranslation();
  const { totals, estimate } = report;
  const hasRows = report.capitalGains.length + report.speculative.length > 0;
  return (
    <>
      <section className="card portfolio-summary" aria-label={t('portfolio.tax.summary')}>
        <SummaryItem label={t('portfolio.tax.realised')}>
          <Signed amount={totals.realised} />
        </SummaryItem>
        <SummaryItem label={t('portfolio.tax.estimatedTax')}>₹{formatMoney(estimate.totalTax)}</SummaryItem>
        <SummaryItem label={t('portfolio.tax.shortTerm')}>
          <Signed amount={totals.shortTermGain} />
        </SummaryItem>
        <SummaryItem label={t('portfolio.tax.longTerm')}>
          <Signed amount={totals.longTermGain} />
        </SummaryItem>
        <SummaryItem label={t('portfolio.tax.speculative')}>
          <Signed amount={totals.speculativePnl} />
        </SummaryItem>
        <SummaryItem label={t('portfolio.tax.charges')}>
          ₹{formatMoney(totals.charges)} ({t('portfolio.tax.sttPart', { stt: formatMoney(totals.stt) })})
        </SummaryItem>
        <p className="portfolio-summary__note">
          {t('portfolio.tax.estimateNote', {
            shortRate: estimate.shortTermRatePercent,
            longRate: estimate.longTermRatePercent,
            exemption: formatMoney(estimate.longTermExemption),
            from: formatCalendarDate(estimate.ratesFrom, i18n.language),
          })}
        </p>
      </section>
      {/* A chart of twelve empty months says nothing the empty state does not. */}
      {hasRows ? (
        <section className="card" aria-label={t('portfolio.tax.chartLabel')}>
          <MonthChart months={report.months} />
        </section>
      ) : (
        <EmptyState message={t('portfolio.tax.empty')} />
      )}
      <PortfolioSection title={t('portfolio.tax.capitalGains')} rows={report.capitalGains}>
        {(row) => (
          <PortfolioRow
            key={`${row.buyTradeId}-${row.sellTradeId}`}
            symbol={row.symbol}
            tag={t(`portfolio.tax.term.${row.term}`)}
            meta={
              <>
                <span className="portfolio-row__meta">
                  {t('portfolio.tax.held', { quantity: row.quantity, from: row.buyDate, to: row.sellDate })}
                </span>
                <span className="portfolio-row__meta">
                  {t('portfolio.tax.chargesLine', {
                    charges: formatMoney(row.charges),
                    stt: formatMoney(row.stt),
                  })}
                </span>
              </>
            }
            side={
              <>
                <Signed amount={row.gain} />
                <span className="portfolio-row__meta">
                  ₹{formatMoney(row.buyValue)} → ₹{formatMoney(row.sellValue)}
                </span>
              </>
            }
          />
        )}
      </PortfolioSection>
      <PortfolioSection title={t('portfolio.tax.speculativeTitle')} rows={report.speculative}>
        {(row) => (
          <PortfolioRow
            key={`${row.openTradeId}-${row.closeTradeId}`}
            symbol={row.symbol}
            tag={t(`portfolio.tax.direction.${row.direction}`)}
            meta={
              <span className="portfolio-row__meta">
                {t('portfolio.tax.held', { quantity: row.quantity, from: row.openDate, to: row.closeDate })}
              </span>
            }
            side={
              <>
                <Signed amount={row.pnl} />
                <span className="portfolio-row__meta">
                  {t('portfolio.tax.chargesOnly', { charges: formatMoney(row.charges) })}
                </span>
              </>
            }
          />
        )}
      </PortfolioSection>
    </>
  );
}

/** /information/taxPnl: realised P&L of a financial year, the tax estimate, by month, as CSV. */
export default function TaxPnlScreen() {
  const { t } = useTranslation();
  const years = useMemo(() => recentFinancialYears(Date.now()), []);
  const [financialYear, setFinancialYear] = useState(years[0]!);
  const report = useTaxPnl(financialYear);
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      const saved = await downloadFile(
        { path: 'portfolio/taxPnlCsv', body: { financialYear } },
        `nivesh-tax-pnl-${financialYear}.csv`,
        'text/csv',
      );
      if (!saved) notifyUser(t('portfolio.tax.downloadFailed'));
    } catch {
      notifyUser(t('portfolio.tax.downloadFailed'));
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <FundsScreen
      right={
        <button
          type="button"
          className="text-link header-link"
          disabled={isDownloading}
          aria-label={t('portfolio.tax.downloadLabel', { year: financialYear })}
          onClick={() => void download()}
        >
          CSV
        </button>
      }
    >
      <TabStrip
        label={t('portfolio.tax.year')}
        tabs={years}
        selected={financialYear}
        onSelect={setFinancialYear}
        labelOf={(year) => t('portfolio.tax.yearLabel', { year })}
      />
      <QueryState query={report}>{() => <Report report={report.data!} />}</QueryState>
    </FundsScreen>
  );
}
