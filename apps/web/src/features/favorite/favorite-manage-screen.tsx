import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteWatchlist,
  useRemoveFromWatchlist,
  useReorderWatchlist,
  type Watchlist,
} from '../../api/watchlists';
import { BackHeader } from '../../components/back-header';
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '../../components/icons';
import { QueryState } from '../../components/query-state';
import { CreateListForm } from './create-list-form';
import { EmptyWatchlist, useChosenWatchlist, WatchlistTabs } from './watchlist-parts';

/** Moves one symbol up or down by one place. */
export function moveSymbol(symbols: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= symbols.length) return [...symbols];
  const next = [...symbols];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

function ListEditor({
  list,
  canDeleteList,
  onListDeleted,
}: {
  list: Watchlist;
  canDeleteList: boolean;
  onListDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDeleteList, setConfirmDeleteList] = useState(false);
  const remove = useRemoveFromWatchlist();
  const reorder = useReorderWatchlist();
  const deleteList = useDeleteWatchlist();
  const allSelected = list.symbols.length > 0 && list.symbols.every((symbol) => selected.has(symbol));
  const busy = remove.isPending || reorder.isPending;

  const toggle = (symbol: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(symbol)) next.delete(symbol);
      else next.add(symbol);
      return next;
    });

  const deleteSelected = async () => {
    const symbols = list.symbols.filter((symbol) => selected.has(symbol));
    if (symbols.length === 0) return;
    const result = await remove.submit({ listId: list.id, symbols });
    if (result) setSelected(new Set());
  };

  return (
    <>
      {list.symbols.length === 0 ? (
        <EmptyWatchlist />
      ) : (
        <>
          <label className="select-all">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(list.symbols))}
            />
            <span>{t('favorite.selectAll')}</span>
          </label>
          <ul className="edit-list" aria-label={list.name}>
            {list.symbols.map((symbol, index) => (
              <li key={symbol} className="edit-list__row">
                <label className="edit-list__check">
                  <input type="checkbox" checked={selected.has(symbol)} onChange={() => toggle(symbol)} />
                  <span>{symbol}</span>
                </label>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('favorite.moveUp', { symbol })}
                  disabled={busy || index === 0}
                  onClick={() =>
                    void reorder.submit({ listId: list.id, symbols: moveSymbol(list.symbols, index, -1) })
                  }
                >
                  <ArrowUpIcon size={20} />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('favorite.moveDown', { symbol })}
                  disabled={busy || index === list.symbols.length - 1}
                  onClick={() =>
                    void reorder.submit({ listId: list.id, symbols: moveSymbol(list.symbols, index, 1) })
                  }
                >
                  <ArrowDownIcon size={20} />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--danger button--block"
            disabled={busy || selected.size === 0}
            onClick={() => void deleteSelected()}
          >
            <TrashIcon size={18} /> {t('favorite.deleteSelected', { count: selected.size })}
          </button>
        </>
      )}
      {canDeleteList ? (
        confirmDeleteList ? (
          <div
            className="confirm-bar"
            role="alertdialog"
            aria-label={t('favorite.deleteListConfirm', { name: list.name })}
          >
            <p>{t('favorite.deleteListConfirm', { name: list.name })}</p>
            <div className="confirm-bar__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setConfirmDeleteList(false)}
              >
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="button button--danger"
                disabled={deleteList.isPending}
                onClick={async () => {
                  const done = await deleteList.submit({ listId: list.id });
                  setConfirmDeleteList(false);
                  if (done !== undefined) onListDeleted();
                }}
              >
                {t('favorite.deleteList')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            className="link-button link-button--danger"
            onClick={() => setConfirmDeleteList(true)}
          >
            {t('favorite.deleteListNamed', { name: list.name })}
          </button>
        )
      ) : null}
    </>
  );
}

/** /favorite/index: edit the watchlists: select all and delete, reorder, create and delete lists. */
export default function FavoriteManageScreen() {
  const { lists, current, setListId } = useChosenWatchlist();

  return (
    <div className="screen">
      <BackHeader fallbackPath="/market/components/optionList" />
      <QueryState query={lists} errorMessage={null}>
        {(watchlists) => (
          <>
            <WatchlistTabs lists={watchlists} current={current} onSelect={setListId} />
            <div className="manage-body">
              {current ? (
                <ListEditor
                  key={current.id}
                  list={current}
                  canDeleteList={watchlists.length > 1}
                  onListDeleted={() => setListId(null)}
                />
              ) : null}
              <CreateListForm lists={watchlists} onCreated={(list) => setListId(list.id)} />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
