import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../api/hooks';
import { usePaperBook } from '../api/paper-book';
import { hasSession } from '../lib/session';
import './paper-banner.css';

/** The paper trading screen, where the investor switches back or resets. */
export const PAPER_SCREEN_PATH = '/information/paper';

/**
 * "Paper" above every screen while the session trades in paper (docs/adr/0026-paper-trading.md), a
 * link to the switch. The status call on mount says which book a reloaded app is in; every answer
 * after that keeps it current (api/paper-book.ts).
 */
export function PaperBanner() {
  const signedIn = hasSession();
  return signedIn ? <PaperBannerOfSession /> : null;
}

function PaperBannerOfSession() {
  const { t } = useTranslation();
  useApiQuery('paper/status', {}, { staleTime: Number.POSITIVE_INFINITY });
  const isPaper = usePaperBook();
  if (!isPaper) return null;
  return (
    <Link to={PAPER_SCREEN_PATH} className="paper-banner" role="status" aria-live="polite">
      <span className="paper-banner__badge">{t('paper.badge')}</span>
      <span>{t('paper.banner')}</span>
    </Link>
  );
}
