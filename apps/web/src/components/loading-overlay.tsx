import { useTranslation } from 'react-i18next';

interface LoadingOverlayProps {
  visible: boolean;
  label?: string;
}

/** Covers the screen while a blocking action runs, and tells assistive technology what is happening. */
export function LoadingOverlay({ visible, label }: LoadingOverlayProps) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="loading-overlay__box">
        <span className="spinner" aria-hidden="true" />
        <span>{label ?? t('common.loading')}</span>
      </div>
    </div>
  );
}

/** An inline spinner for a section that is loading. */
export function InlineLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="inline-loading" role="status" aria-live="polite">
      <span className="spinner spinner--small" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
