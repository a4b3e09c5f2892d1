import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatIstDateTime } from '../../lib/date-time';
import { formatMoney, isNegativeAmount } from '../../lib/money';
import type { Follow, FollowProduct } from './api';

/** A profit figure in rupees, green at zero or above and red below (the spec's colouring). */
export function Profit({ value, suffix = '' }: { value: string; suffix?: string }) {
  return (
    <span className={isNegativeAmount(value) ? 'amount--down' : 'amount--up'}>
      {formatMoney(value)}
      {suffix}
    </span>
  );
}

export function StateTag({ state }: { state: Follow['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`tag tag--${state === 'in_progress' ? 'verified' : 'unverified'}`}>
      {t(`follow.state.${state}`)}
    </span>
  );
}

/** One product in a list: its name, the strategy's record and the terms, opening its detail. */
export function ProductCard({ product }: { product: FollowProduct }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="card follow-card">
      <Link to={`/home/qcList?id=${product.id}`} className="follow-card__link">
        <p className="follow-card__head">
          <span className="follow-card__name">{product.name}</span>
          <Profit value={product.totalProfitPercent} suffix="%" />
        </p>
        {product.description ? <p className="follow-card__description">{product.description}</p> : null}
        <dl className="follow-grid">
          <div>
            <dt>{t('follow.fundSize')}</dt>
            <dd>₹{formatMoney(product.fundSize)}</dd>
          </div>
          <div>
            <dt>{t('follow.minInvestment')}</dt>
            <dd>₹{formatMoney(product.minInvestment)}</dd>
          </div>
          <div>
            <dt>{t('follow.dailyProfit')}</dt>
            <dd>
              <Profit value={product.dailyProfit} />
            </dd>
          </div>
          <div>
            <dt>{t('follow.strategyOrders')}</dt>
            <dd>{product.strategyOrders}</dd>
          </div>
        </dl>
        <p className="follow-card__foot">
          {t('follow.copyUntil', { time: formatIstDateTime(product.copyUntil, i18n.language) })}
        </p>
      </Link>
    </li>
  );
}

/** One of the investor's follows: the spec's buy amount, daily profit, total profit and state. */
export function FollowCard({ follow }: { follow: Follow }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="card follow-card">
      <Link to={`/home/qcList?id=${follow.productId}`} className="follow-card__link">
        <p className="follow-card__head">
          <span className="follow-card__name">{follow.productName}</span>
          <StateTag state={follow.state} />
        </p>
        <dl className="follow-grid">
          <div>
            <dt>{t('follow.buyAmount')}</dt>
            <dd>₹{formatMoney(follow.buyAmount)}</dd>
          </div>
          <div>
            <dt>{t('follow.dailyProfit')}</dt>
            <dd>
              <Profit value={follow.dailyProfit} />
            </dd>
          </div>
          <div>
            <dt>{t('follow.totalProfit')}</dt>
            <dd>
              <Profit value={follow.totalProfit} />
            </dd>
          </div>
          <div>
            <dt>{follow.state === 'ended' ? t('follow.returned') : t('follow.endsAt')}</dt>
            <dd>
              {follow.state === 'ended'
                ? `₹${formatMoney(follow.returned)}`
                : formatIstDateTime(follow.endsAt, i18n.language)}
            </dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}
