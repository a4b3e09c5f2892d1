import { useTranslation } from 'react-i18next';
import { formatMoney, isNegativeAmount } from '../lib/money';

/** A change of zero or more is green and points up; below zero is red and points down. */
export function changeDirection(value: string | number | null | undefined): 'up' | 'down' {
  return isNegativeAmount(value) ? 'down' : 'up';
}

interface PriceChangeProps {
  /** The change in price, as a decimal string or number. */
  change: string | number | null | undefined;
  /** The change in percent, already rounded to 2 decimals. */
  percent?: string | number | null;
  className?: string;
}

export function PriceChange({ change, percent, className = '' }: PriceChangeProps) {
  const { t } = useTranslation();
  const direction = changeDirection(change);
  const sign = direction === 'up' ? '+' : '-';
  const magnitude = formatMoney(String(change ?? '').replace(/^[+-]/, ''));
  const percentText =
    percent === undefined || percent === null ? '' : ` ${sign}${String(percent).replace(/^[+-]/, '')}%`;
  return (
    <span className={`price-change price-change--${direction} ${className}`.trim()}>
      <span className="price-change__arrow" aria-hidden="true">
        {direction === 'up' ? '▲' : '▼'}
      </span>
      <span className="visually-hidden">{t(direction === 'up' ? 'price.up' : 'price.down')} </span>
      {magnitude}
      {percentText}
    </span>
  );
}
