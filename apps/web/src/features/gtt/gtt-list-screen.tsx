import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { formatIstDate } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { type Gtt, useDeleteGtt, useGtts } from './api';
import './gtt.css';

/** Which leg a GTT's trigger is: a single one, or an OCO's stop-loss (first) and target (second). */
function legLabelKey(gtt: Gtt, leg: number): string {
  if (gtt.type === 'single') return 'gtt.leg.trigger';
  return leg === 0 ? 'gtt.leg.stopLoss' : 'gtt.leg.target';
}

function GttRow({ gtt, onDelete }: { gtt: Gtt; onDelete: (gtt: Gtt) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="gtt-row" aria-label={t('gtt.rowLabel', { symbol: gtt.symbol })}>
      <div className="gtt-row__head">
        <span>
          {gtt.symbol} · {t(`gtt.type.${gtt.type}`)}
        </span>
        <span className={`tag gtt-row__status gtt-row__status--${gtt.status}`}>
          {t(`gtt.status.${gtt.status}`)}
        </span>
      </div>
      {gtt.orders.map((order, leg) => (
        <div className="gtt-row__leg" key={legLabelKey(gtt, leg)}>
          <span>
            {t(legLabelKey(gtt, leg))} {formatMoney(gtt.triggers[leg])}
            {gtt.firedLeg === leg ? ` · ${t('gtt.fired')}` : ''}
          </span>
          <span>
            {t(`gtt.side.${order.transactionType}`)}{' '}
            {t('gtt.quantityAt', { quantity: order.quantity, price: formatMoney(order.price) })}
          </span>
        </div>
      ))}
      <p className="gtt-row__meta">
        {t('gtt.lastAtPlacement', { price: formatMoney(gtt.lastPrice) })} ·{' '}
        {t('gtt.expires', { date: formatIstDate(gtt.expiresAt, i18n.language) })}
      </p>
      {gtt.rejectReason ? (
        <p className="gtt-row__meta" role="note">
          {gtt.rejectReason}
        </p>
      ) : null}
      {gtt.status === 'active' ? (
        <div className="gtt-row__actions">
          <button type="button" className="button button--small" onClick={() => onDelete(gtt)}>
            {t('gtt.delete')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * /trade/gtt: the investor's GTTs (docs/adr/0031), newest first, each with its triggers, the order
 * each places and its state; an active one can be deleted.
 */
export default function GttListScreen() {
  const { t } = useTranslation();
  const gtts = useGtts();
  const [deleting, setDeleting] = useState<Gtt | null>(null);
  const remove = useDeleteGtt(() => setDeleting(null));
  return (
    <div className="screen gtt-screen">
      <BackHeader fallbackPath="/trade/orders" />
      <p className="screen__hint">{t('gtt.explain')}</p>
      <QueryState query={gtts}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              message={t('gtt.none')}
              actionLink={{ to: '/favorite/search', label: t('gtt.findStock') }}
            />
          ) : (
            <ul className="gtt-list" aria-label={t('gtt.listLabel')}>
              {data.items.map((gtt) => (
                <GttRow key={gtt.id} gtt={gtt} onDelete={setDeleting} />
              ))}
            </ul>
          )
        }
      </QueryState>
      <p className="screen__hint">
        <Link to="/trade/orders">{t('gtt.toOrders')}</Link>
      </p>
      {deleting ? (
        <ConfirmDialog
          title={t('gtt.deleteTitle', { symbol: deleting.symbol })}
          confirmLabel={t('gtt.delete')}
          cancelLabel={t('gtt.keep')}
          call={remove}
          onConfirm={() => void remove.submit({ id: deleting.id })}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('gtt.deleteBody')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
