import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Watchlist } from '../api/watchlists';
import { CheckIcon } from './icons';

interface WatchlistPickerProps {
  lists: readonly Watchlist[];
  symbol: string;
  onToggle: (list: Watchlist, isIn: boolean) => void;
  onClose: () => void;
  busy: boolean;
}

/** A bottom sheet listing the investor's watchlists: tap one to add the stock to it, or take it out. */
export function WatchlistPicker({ lists, symbol, onToggle, onClose, busy }: WatchlistPickerProps) {
  const { t } = useTranslation();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div className="sheet-backdrop">
      <button
        type="button"
        className="sheet-backdrop__close"
        aria-label={t('common.close')}
        onClick={onClose}
      />
      <div className="sheet" role="dialog" aria-modal="true" aria-label={t('favorite.chooseList')}>
        <h2 className="sheet__title">{t('favorite.chooseList')}</h2>
        <ul className="choice-list sheet__list">
          {lists.map((list, index) => {
            const isIn = list.symbols.includes(symbol);
            return (
              <li key={list.id}>
                <button
                  ref={index === 0 ? first : undefined}
                  type="button"
                  className={`choice-list__item${isIn ? ' choice-list__item--selected' : ''}`}
                  aria-pressed={isIn}
                  disabled={busy}
                  onClick={() => onToggle(list, isIn)}
                >
                  <span>{list.name}</span>
                  {isIn ? <CheckIcon size={20} /> : null}
                </button>
              </li>
            );
          })}
        </ul>
        <button type="button" className="button button--secondary button--block" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
