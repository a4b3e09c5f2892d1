import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { changeDirection } from '../../components/price-change';
import { QueryState } from '../../components/query-state';
import { formatMoney } from '../../lib/money';
import { type HoldingRow, useHoldings } from './api';
import { PortfolioRow, Signed, SummaryItem, signedPercent } from './portfolio-parts';
import './portfolio.css';

function Holding({ row }: { row: HoldingRow }) {
  const { t } = useTranslation();
  return (
    <PortfolioRow
      symbol={row.symbol}
      tag={row.product}
      meta={
        <>
          <span className="portfolio-row__meta">
            {t('portfolio.holdings.quantityAt', {
              quantity: row.quantity,
              price: formatMoney(row.averagePrice),
            })}
          </span>
          <span className="portfolio-row__meta">
            {t('portfolio.holdings.invested')} ₹{formatMoney(row.invested)}
          </span>
        </>
      }
      side={
        <>
          <Signed amount={row.pnl} percent={row.pnlPercent} />
          <span className="portfolio-row__meta">
            {t('portfolio.holdings.ltp')} ₹{formatMoney(row.lastPrice)}{' '}
            <span className={`amount--${changeDirection(row.dayChangePercent)}`}>
              {signedPercent(row.dayChangePercent)}%
            </span>
          </span>
          <span className="portfolio-row__meta">
            {t('portfolio.holdings.current')} ₹{formatMoney(row.currentValue)}
          </span>
        </>
      }
    />
  );
}

/** /information/holdings: delivery holdings at the market price, as Kite's Holdings screen. */
export default function HoldingsScreen() {
  const { t } = useTranslation();
  const holdings = useHoldings();
  return (
    <FundsScreen>
      <QueryState query={holdings}>
        {() => {
          const data = holdings.data!;
          return (
            <>
              <section className="card portfolio-summary" aria-label={t('portfolio.holdings.summary')}>
                <SummaryItem label={t('portfolio.holdings.invested')}>
                  ₹{formatMoney(data.summary.invested)}
                </SummaryItem>
                <SummaryItem label={t('portfolio.holdings.current')}>
                  ₹{formatMoney(data.summary.currentValue)}
                </SummaryItem>
                <SummaryItem label={t('portfolio.holdings.dayPnl')}>
                  <Signed amount={data.summary.dayPnl} percent={data.summary.dayPnlPercent} />
                </SummaryItem>
                <SummaryItem label={t('portfolio.holdings.totalPnl')}>
                  <Signed amount={data.summary.pnl} percent={data.summary.pnlPercent} />
                </SummaryItem>
              </section>
              {data.items.length === 0 ? (
                <EmptyState message={t('portfolio.holdings.empty')} />
              ) : (
                <ul className="portfolio-list" aria-label={t('route.information.holdings')}>
                  {data.items.map((row) => (
                    <Holding key={`${row.symbol}-${row.product}`} row={row} />
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryState>
    </FundsScreen>
  );
}
