import { type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteWatchlist,
  useRemoveFromWatchlist,
  useReorderWatchlist,
  type Watchlist,
} from '../../api/watchlists';
import { BackHeader } from '../../components/back-header';
import { ArrowDownIcon, ArrowUpIcon, DragHandleIcon, TrashIcon } from '../../components/icons';
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

/** Moves the symbol at `from` to `to` (both within the list). */
export function moveSymbolTo(symbols: readonly string[], from: number, to: number): string[] {
  const next = [...symbols];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/**
 * Where a dragged row lands: after every other row whose middle is above the finger. `middlesPx`
 * are the rows' vertical middles as they stood when the drag began.
 */
export function dropIndexAt(pointerYPx: number, middlesPx: readonly number[], from: number): number {
  return middlesPx.filter((middle, index) => index !== from && middle < pointerYPx).length;
}

interface Drag {
  from: number;
  to: number;
  middlesPx: number[];
}

/**
 * Drag a row by its handle to reorder the list (Kite's edit watchlist); the order is saved on the
 * server when the finger lifts, and the rows show the new order while it is being saved.
 */
function useDragReorder(list: Watchlist, save: (symbols: string[]) => Promise<unknown>) {
  const rows = useRef<HTMLUListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [saving, setSaving] = useState<string[] | null>(null);
  const shown = drag ? moveSymbolTo(list.symbols, drag.from, drag.to) : (saving ?? list.symbols);

  const start = (from: number) => (event: PointerEvent<HTMLButtonElement>) => {
    const items = rows.current ? [...rows.current.querySelectorAll(':scope > li')] : [];
    const middlesPx = items.map((item) => {
      const box = item.getBoundingClientRect();
      return box.top + box.height / 2;
    });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ from, to: from, middlesPx });
  };
  const move = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag) return;
    const to = dropIndexAt(event.clientY, drag.middlesPx, drag.from);
    if (to !== drag.to) setDrag({ ...drag, to });
  };
  const end = async () => {
    if (!drag) return;
    setDrag(null);
    if (drag.to === drag.from) return;
    const symbols = moveSymbolTo(list.symbols, drag.from, drag.to);
    setSaving(symbols);
    try {
      await save(symbols);
    } finally {
      setSaving(null);
    }
  };
  const handleProps = (index: number) => ({
    onPointerDown: start(index),
    onPointerMove: move,
    onPointerUp: () => void end(),
    onPointerCancel: () => setDrag(null),
  });
  return { rows, shown, dragged: drag ? shown[drag.to] : undefined, handleProps };
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
  const dragging = useDragReorder(list, (symbols) => reorder.submit({ listId: list.id, symbols }));

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
          <ul className="edit-list" aria-label={list.name} ref={dragging.rows}>
            {dragging.shown.map((symbol, index) => (
              <li
                key={symbol}
                className={`edit-list__row${dragging.dragged === symbol ? ' edit-list__row--dragged' : ''}`}
              >
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
                <button
                  type="button"
                  className="icon-button edit-list__handle"
                  aria-label={t('favorite.drag', { symbol })}
                  disabled={busy}
                  {...dragging.handleProps(index)}
                >
                  <DragHandleIcon size={20} />
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
