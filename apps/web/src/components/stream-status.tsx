import { useTranslation } from 'react-i18next';
import { useStreamStatus } from '../stream/use-market-stream';

/** "Live" while the stream is connected and heard from; otherwise says prices may be stale. */
export function StreamStatusBadge() {
  const { t } = useTranslation();
  const status = useStreamStatus();
  return (
    <span className={`stream-status stream-status--${status}`} role="status" aria-live="polite">
      <span className="stream-status__dot" aria-hidden="true" />
      {t(`market.stream.${status}`)}
    </span>
  );
}
