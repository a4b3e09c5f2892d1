import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FundsScreen } from '../../components/funds-screen';
import { changeDirection } from '../../components/price-change';
import { QueryState } from '../../components/query-state';
import { formatAmount, formatMoney, MINUS_SIGN } from '../../lib/money';
import { type HoldingRow, useHoldings } from './api';
import './portfolio.css';

/** A signed percent: "+0.69", "−0.73" (the minus sign U+2212, as lib/money sets amounts). */
function signedPercent(percent: string): string {
  const text = formatMoney(percent);
  if (text.startsWith('-')) return `${MINUS_SIGN}${text.slice(1)}`;
  return text === '0.00' ? text : `+${text}`;
}

/** An amount with its sign and the rupee sign, "+₹12.10" or "−₹4.23", and its percent when given. */
function Signed({ amount, percent }: { amount: string; percent?: string }) {
  return (
    <span className={formatMoney(amount) === '0.00' ? undefined : `amount--${changeDirection(amount)}`}>
      {formatAmount(amount, { signed: true })}
      {percent === undefined ? null : ` (${signedPercent(percent)}%)`}
    </span>
  );
}

function SummaryItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="portfolio-summary__item">
      <span className="portfolio-summary__label">{label}</span>
      <span className="portfolio-summary__value">{children}</span>
    </div>
  );
}

function Holding({ row }: { row: HoldingRow }) {
  const { t } = useTranslation();
  return (
    <li className="portfolio-row">
      <div className="portfolio-row__main">
        <span className="portfolio-row__title">
          {row.symbol}
          <span className="portfolio-tag">{row.product}</span>
        </span>
        <span className="portfolio-row__meta">
          {t('portfolio.holdings.quantityAt', {
            quantity: row.quantity,
            price: formatMoney(row.averagePrice),
          })}
        </span>
        <span className="portfolio-row__meta">
          {t('portfolio.holdings.invested')} ₹{formatMoney(row.invested)}
        </span>
      </div>
      <div className="portfolio-row__side">
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
      </div>
    </li>
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
