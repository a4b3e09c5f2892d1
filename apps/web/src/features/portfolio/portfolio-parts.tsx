import type { ReactNode } from 'react';
import { changeDirection } from '../../components/price-change';
import { formatAmount, formatMoney, MINUS_SIGN } from '../../lib/money';

/** A signed percent: "+0.69", "−0.73" (the minus sign U+2212, as lib/money sets amounts). */
export function signedPercent(percent: string): string {
  const text = formatMoney(percent);
  if (text.startsWith('-')) return `${MINUS_SIGN}${text.slice(1)}`;
  return text === '0.00' ? text : `+${text}`;
}

/** An amount with its sign and the rupee sign, "+₹12.10" or "−₹4.23", and its percent when given. */
export function Signed({ amount, percent }: { amount: string; percent?: string }) {
  return (
    // Zero is neither gain nor loss: no sign, no colour.
    <span className={formatMoney(amount) === '0.00' ? undefined : `amount--${changeDirection(amount)}`}>
      {formatAmount(amount, { signed: true })}
      {percent === undefined ? null : ` (${signedPercent(percent)}%)`}
    </span>
  );
}

export function SummaryItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="portfolio-summary__item">
      <span className="portfolio-summary__label">{label}</span>
      <span className="portfolio-summary__value">{children}</span>
    </div>
  );
}

/** One row of a portfolio list: the instrument and its tag, lines under it, and the figures on the right. */
export function PortfolioRow({
  symbol,
  tag,
  meta,
  side,
}: {
  symbol: string;
  tag: ReactNode;
  meta: ReactNode;
  side: ReactNode;
}) {
  return (
    <li className="portfolio-row">
      <div className="portfolio-row__main">
        <span className="portfolio-row__title">
          {symbol}
          <span className="portfolio-tag">{tag}</span>
        </span>
        {meta}
      </div>
      <div className="portfolio-row__side">{side}</div>
    </li>
  );
}

/** A titled list, left out when it has no rows. */
export function PortfolioSection<Row>({
  title,
  rows,
  children,
}: {
  title: string;
  rows: readonly Row[];
  children: (row: Row) => ReactNode;
}) {
  if (rows.length === 0) return null;
  return (
    <>
      <h2 className="portfolio-section-title">{title}</h2>
      <ul className="portfolio-list">{rows.map(children)}</ul>
    </>
  );
}
