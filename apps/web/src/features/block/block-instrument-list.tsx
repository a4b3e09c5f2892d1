import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../lib/money';
import { type BlockInstrument, rememberBlockSymbol } from './api';

/** The eligible list: each instrument with its reference and band; a tap opens its detail. */
export function BlockInstrumentList({ items }: { items: readonly BlockInstrument[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (symbol: string) => {
    rememberBlockSymbol(symbol);
    navigate('/home/blockTrade1');
  };
  return (
    <ul className="block-list" aria-label={t('block.list.title')}>
      {items.map((item) => (
        <li key={item.symbol}>
          <button type="button" className="block-list__item" onClick={() => open(item.symbol)}>
            <span className="block-list__names">
              <span className="block-list__name">{item.name}</span>
              <span className="block-list__symbol">
                {item.symbol} · {item.exchange}
              </span>
            </span>
            <span className="block-list__prices">
              <span className="block-list__reference">
                {item.reference ? `₹${formatMoney(item.reference.price)}` : '—'}
              </span>
              <span className="block-list__band">
                {item.reference
                  ? `${formatMoney(item.reference.bandLower)} – ${formatMoney(item.reference.bandUpper)}`
                  : t('block.reference.none')}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
