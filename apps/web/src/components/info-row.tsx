import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './info-row.css';

/** A label and a value in a summary list. */
export function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="info-row">
      <dt className="info-row__label">{label}</dt>
      <dd className="info-row__value">{value}</dd>
    </div>
  );
}

/** A label, a value and a button that copies the value. */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      const area = document.createElement('textarea');
      area.value = value;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    setIsCopied(true);
    setTimeout(() => setIsCopied(false), 2000);
  };
  return (
    <div className="copy-row">
      <dt className="copy-row__label">{label}</dt>
      <dd className="copy-row__value">
        <span className="copy-row__text">{value}</span>
        <button
          type="button"
          className="copy-row__button"
          aria-label={t('funds.copyLabel', { label })}
          onClick={() => void copy()}
        >
          {isCopied ? t('funds.copied') : t('funds.copy')}
        </button>
      </dd>
    </div>
  );
}
