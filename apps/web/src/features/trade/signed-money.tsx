import { formatMoney, isNegativeAmount, MINUS_SIGN } from '../../lib/money';

/**
 * A P&L amount with its sign: "+1,234.50" green at or above zero, "−1,234.50" red below (the
 * minus sign U+2212, as lib/money sets it), "—" when
 * there is none. `className` sets its weight where it stands (the trade screens' `trade-pnl`).
 */
export function SignedMoney({
  value,
  className = 'trade-pnl',
}: {
  value: string | null;
  className?: string;
}) {
  if (value === null) return <span>—</span>;
  const down = isNegativeAmount(value);
  return (
    <span className={`amount--${down ? 'down' : 'up'} ${className}`}>
      {down ? `${MINUS_SIGN}${formatMoney(value).slice(1)}` : `+${formatMoney(value)}`}
    </span>
  );
}
