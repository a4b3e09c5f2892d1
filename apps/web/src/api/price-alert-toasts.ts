import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/money';
import { readToken } from '../lib/session';
import { showToast } from '../lib/toast';
import { marketStream, type UserEvent } from '../stream/market-stream';
import type { CallData } from './calls';
import { callKey } from './hooks';

type PriceAlert = CallData<'alert/list'>['items'][number];

/** How long a fired alert's toast stays: longer than an ordinary one, it is news. */
const ALERT_TOAST_MS = 5_000;

/**
 * A fired price alert, pushed on the investor's channel as `{ type: 'price_alert', alert }`
 * (docs/adr/0034-price-alerts.md), shows as a toast on whatever screen is open, and the alert list
 * is read again. The message itself arrives as a notice (the bell's count follows it).
 */
export function usePriceAlertToasts(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isSignedIn = readToken() !== '';
  const handle = useRef<(event: UserEvent) => void>(() => {});
  handle.current = (event) => {
    if (event.type !== 'price_alert' || !event.alert || typeof event.alert !== 'object') return;
    const alert = event.alert as PriceAlert;
    showToast(
      t(alert.direction === 'above' ? 'alerts.firedAbove' : 'alerts.firedBelow', {
        symbol: alert.symbol,
        level: formatMoney(alert.price),
        price: alert.triggeredPrice ? formatMoney(alert.triggeredPrice) : '',
      }),
      ALERT_TOAST_MS,
    );
    void queryClient.invalidateQueries({ queryKey: callKey('alert/list') });
  };
  useEffect(() => {
    if (!isSignedIn) return;
    return marketStream().onUserEvent((event) => handle.current(event));
  }, [isSignedIn]);
}
