import type { ReactNode } from 'react';

/**
 * The head of an order form or an instrument's card: its name, symbol and exchange on the left and
 * its price (as the caller words it) on the right. The classes are the trading screens' (trade-screen.css).
 */
export function InstrumentHead({
  instrument,
  children,
}: {
  instrument: { name: string; symbol: string; exchange: string };
  /** The price shown on the right. */
  children: ReactNode;
}) {
  return (
    <div className="trade-form__head">
      <div>
        <p className="trade-form__name">{instrument.name}</p>
        <p className="trade-form__symbol">
          {instrument.symbol} · {instrument.exchange}
        </p>
      </div>
      <p className="trade-form__price">{children}</p>
    </div>
  );
}
