import { useTranslation } from 'react-i18next';

/**
 * Says that prices come from the built-in simulator. Every market screen shows it while the
 * simulator feeds the market, so a simulated price is never taken for a real one.
 */
export function SimulatedMarketBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`simulated-badge${compact ? ' simulated-badge--compact' : ''}`}
      title={t('common.simulatedMarketHint')}
    >
      <span className="simulated-badge__dot" aria-hidden="true" />
      {t('common.simulatedMarket')}
    </span>
  );
}
