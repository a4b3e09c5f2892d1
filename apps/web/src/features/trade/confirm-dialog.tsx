import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from '../funds/funds-ui';

interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A bottom-sheet confirmation; the server's refusal shows inside it, in the current language. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isPending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <div className="funds-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="funds-dialog__box">
        <h2 id={titleId} className="funds-dialog__title">
          {title}
        </h2>
        {children}
        <FormRefusal error={error} />
        <div className="funds-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('trade.cancel')}
          </button>
          <button type="button" className="button button--primary" disabled={isPending} onClick={onConfirm}>
            {isPending ? t('trade.submitting') : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
