import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callKey } from '../../api/hooks';
import { formatCalendarDate, formatRemaining } from '../../lib/date-time';
import type { BlockRules, BlockWindowState } from './api';

/**
 * The milliseconds until an instant by the server's clock: the offset between the server's and the
 * phone's clocks is taken once from the reply, so a phone set a few minutes wrong still counts
 * down to the real window. Ticks every second.
 */
function useCountdown(targetMs: number, serverTimeMs: number): number {
  const offsetMs = useRef(serverTimeMs - Date.now());
  useEffect(() => {
    offsetMs.current = serverTimeMs - Date.now();
  }, [serverTimeMs]);
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, targetMs - (nowMs + offsetMs.current));
}

/** Open or closed, which window, its hours, and a countdown to its close or to the next open. */
export function BlockWindowCard({ window, rules }: { window: BlockWindowState; rules: BlockRules }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const targetMs = window.open ? window.closesAt : window.opensAt;
  const leftMs = useCountdown(targetMs, window.serverTime);
  const hours = rules[window.window];

  // When the window opens or closes, read the block calls again: references and state change.
  useEffect(() => {
    if (leftMs === 0) void queryClient.invalidateQueries({ queryKey: callKey('block/list') });
    if (leftMs === 0) void queryClient.invalidateQueries({ queryKey: callKey('block/detail') });
  }, [leftMs, queryClient]);

  return (
    <section className="card block-window" aria-label={t('block.window.title')}>
      <p className="block-window__row">
        <span className="block-window__title">{t('block.window.title')}</span>
        <span className={`tag tag--${window.open ? 'verified' : 'pending'}`}>
          {window.open ? t('block.window.open') : t('block.window.closed')}
        </span>
      </p>
      <p className="block-window__name">
        {t(`block.window.${window.window}`, { start: hours.start, end: hours.end })}
        {window.open ? null : (
          <span className="block-window__date">
            {' '}
            · {formatCalendarDate(window.tradingDate, i18n.language)}
          </span>
        )}
      </p>
      <p className="block-window__countdown" aria-live="off">
        <span>{window.open ? t('block.window.closesIn') : t('block.window.opensIn')}</span>
        <strong className="block-window__clock">{formatRemaining(leftMs)}</strong>
      </p>
    </section>
  );
}
