import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRefusal } from './form-refusal';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The button that closes the sheet doing nothing; "Cancel" unless that would be ambiguous (cancelling an order). */
  cancelLabel?: string;
  /** The call the confirm button makes: while it runs the button waits, and its refusal is shown. */
  call: { isPending: boolean; error: unknown };
  /** Also holds the confirm button, e.g. while the figures shown are being re-read. */
  isConfirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A bottom-sheet confirmation of a money or trading act: what will happen (children), the server's
 * refusal in the current language, cancel and confirm.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  call: { isPending, error },
  isConfirmDisabled = false,
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
            {cancelLabel ?? t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={isPending || isConfirmDisabled}
            onClick={onConfirm}
          >
            {isPending ? t('trade.submitting') : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
