import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { AccountGate } from '../../components/account-gate';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { InfoRow } from '../../components/info-row';
import { QueryState } from '../../components/query-state';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney } from '../../lib/money';
import { type Follow, useFollowPositions, useFollowProduct, useMyFollows } from './api';
import { FollowCard, Profit, StateTag } from './follow-ui';
import { InvestForm } from './invest-form';
import './follow.css';

/**
 * /home/qcList: the investor's follows (buy amount, daily and total profit, state); with `?id=` the
 * product's detail, the investor's follow of it and, while it takes investments, the invest form.
 */
export default function FollowOrdersScreen() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <div className="screen follow-screen">
      <BackHeader fallbackPath={id ? '/home/fllow' : '/home/index'} />
      <div className="follow-screen__body">{id ? <ProductDetail id={id} /> : <MyFollows />}</div>
    </div>
  );
}

function MyFollows() {
  const { t } = useTranslation();
  const follows = useMyFollows();
  return (
    <QueryState query={follows}>
      {() => {
        const items = follows.data?.items ?? [];
        if (items.length === 0) {
          return (
            <EmptyState
              message={t('follow.emptyFollows')}
              description={t('follow.emptyFollowsBody')}
              actionLink={{ to: '/home/fllow', label: t('follow.allProducts') }}
            />
          );
        }
        return (
          <ul className="card-list">
            {items.map((follow) => (
              <FollowCard key={follow.id} follow={follow} />
            ))}
          </ul>
        );
      }}
    </QueryState>
  );
}

function ProductDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const detail = useFollowProduct(id);
  const account = useApiQuery('user/getUserinfo', {});
  return (
    <QueryState query={detail}>
      {() => {
        const { product, follow } = detail.data!;
        const open = product.state === 'in_progress' && Date.now() < product.copyUntil;
        const following = follow?.state === 'in_progress';
        return (
          <>
            <section className="card follow-detail" aria-label={product.name}>
              <p className="follow-card__head">
                <span className="follow-card__name">{product.name}</span>
                <StateTag state={product.state} />
              </p>
              {product.description ? <p className="follow-card__description">{product.description}</p> : null}
              <dl className="info-list">
                <InfoRow label={t('follow.fundSize')} value={`₹${formatMoney(product.fundSize)}`} />
                <InfoRow label={t('follow.minInvestment')} value={`₹${formatMoney(product.minInvestment)}`} />
                <InfoRow label={t('follow.dailyProfit')} value={<Profit value={product.dailyProfit} />} />
                <InfoRow
                  label={t('follow.totalProfit')}
                  value={<Profit value={product.totalProfit} suffix={` (${product.totalProfitPercent}%)`} />}
                />
                <InfoRow label={t('follow.strategyOrders')} value={String(product.strategyOrders)} />
                <InfoRow label={t('follow.followers')} value={String(product.followers)} />
                <InfoRow
                  label={t('follow.copyUntilLabel')}
                  value={formatIstDateTime(product.copyUntil, i18n.language)}
                />
                <InfoRow
                  label={t('follow.endsAt')}
                  value={formatIstDateTime(product.endsAt, i18n.language)}
                />
              </dl>
            </section>
            <section className="card follow-detail" aria-labelledby="follow-how">
              <h2 id="follow-how" className="follow-section-title">
                {t('follow.howTitle')}
              </h2>
              <ul className="follow-rules">
                <li>{t('follow.how.mirror')}</li>
                <li>{t('follow.how.rounding')}</li>
                <li>{t('follow.how.fees')}</li>
                <li>{t('follow.how.end')}</li>
                <li>{t('follow.how.oneAtATime')}</li>
              </ul>
            </section>
            {follow ? <YourFollow followId={follow.id} follow={follow} /> : null}
            {open && !following ? (
              <AccountGate needs={['kyc']}>
                <InvestForm product={product} available={account.data?.balances.available} />
              </AccountGate>
            ) : null}
            {!open && !follow ? <p className="follow-intro">{t('follow.closedForInvestment')}</p> : null}
          </>
        );
      }}
    </QueryState>
  );
}

function YourFollow({ followId, follow }: { followId: string; follow: Follow }) {
  const { t } = useTranslation();
  const positions = useFollowPositions(followId);
  const items = positions.data?.items ?? [];
  return (
    <section className="card follow-detail" aria-labelledby="follow-yours">
      <h2 id="follow-yours" className="follow-section-title">
        {t('follow.yourFollow')}
      </h2>
      <dl className="info-list">
        <InfoRow label={t('follow.buyAmount')} value={`₹${formatMoney(follow.buyAmount)}`} />
        <InfoRow label={t('follow.dailyProfit')} value={<Profit value={follow.dailyProfit} />} />
        <InfoRow label={t('follow.totalProfit')} value={<Profit value={follow.totalProfit} />} />
        <InfoRow label={t('follow.allocationCash')} value={`₹${formatMoney(follow.allocationCash)}`} />
        <InfoRow label={t('follow.invested')} value={`₹${formatMoney(follow.invested)}`} />
        <InfoRow label={t('follow.stateLabel')} value={<StateTag state={follow.state} />} />
        {follow.returned !== null ? (
          <InfoRow label={t('follow.returned')} value={`₹${formatMoney(follow.returned)}`} />
        ) : null}
      </dl>
      {items.length > 0 ? (
        <ul className="follow-positions">
          {items.map((position) => (
            <li key={position.id} className="follow-position">
              <span>
                {position.symbol} · {t(`follow.side.${position.side}`)} × {position.quantity}
              </span>
              <span>
                {position.profitLoss !== null ? <Profit value={position.profitLoss} /> : '—'}{' '}
                <small>{t(`follow.positionStatus.${position.status}`)}</small>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="follow-invest__hint">{t('follow.noPositions')}</p>
      )}
    </section>
  );
}
