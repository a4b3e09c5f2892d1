import { useTranslation } from 'react-i18next';
import type { SubscriptionState } from './api';

const TONE: Record<SubscriptionState, string> = {
  to_be_subscribed: 'unverified',
  subscribed: 'pending',
  pending_draw: 'pending',
  won: 'verified',
  not_won: 'rejected',
  payment_due: 'pending',
  paid: 'verified',
  waived: 'rejected',
  failed: 'rejected',
};

/** The spec's subscription state as a coloured tag. */
export function SubscriptionStateTag({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation();
  return <span className={`tag tag--${TONE[state]}`}>{t(`newStock.state.${state}`)}</span>;
}
