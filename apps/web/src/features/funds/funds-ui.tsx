import { type ReactNode, type Ref, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/client';
import { isApiError } from '../../api/client';
import { BackHeader } from '../../components/back-header';
import { InlineLoading } from '../../components/loading-overlay';
import { NetworkError } from '../../components/network-error';
import { type UploadPurpose, uploadFile } from './api';
import './funds.css';

/** A funds screen: the back header (to the account centre) and its content. */
export function FundsScreen({ children, right }: { children: ReactNode; right?: ReactNode }) {
  return (
    <div className="screen funds-screen">
      <BackHeader fallbackPath="/information/index" right={right} />
      <div className="funds-screen__body">{children}</div>
    </div>
  );
}

/** Loading, a retry after a failed read, or the content: never a blank screen. */
export function QueryState({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: ApiError | null;
    refetch: () => unknown;
    isFetching: boolean;
  };
  children: () => ReactNode;
}) {
  if (query.isPending) return <InlineLoading />;
  if (query.isError) {
    return (
      <NetworkError
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        {...(query.error?.kind === 'business' ? { message: query.error.message } : {})}
      />
    );
  }
  return <>{children()}</>;
}

/** The server's refusal of a submission, shown next to the form in the current language. */
export function FormRefusal({ error }: { error: unknown }) {
  if (!error) return null;
  const message = isApiError(error) ? error.message : String(error);
  return (
    <p className="funds-refusal" role="alert">
      {message}
    </p>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A labelled native select (the phone's own picker), with its refusal tied to it. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  placeholder,
  selectRef,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          ref={selectRef}
          id={id}
          className="field__input funds-select"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface UploadFieldProps {
  label: string;
  purpose: UploadPurpose;
  /** The upload id once the server has stored the file. */
  value: string | null;
  onChange: (uploadId: string | null) => void;
  error?: string | undefined;
  accept?: string;
}

/**
 * Chooses a photo (or PDF for a receipt), uploads it at once and shows a preview. The form sends only
 * the upload id; a refused file shows the server's reason here.
 */
export function UploadField({ label, purpose, value, onChange, error, accept }: UploadFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [preview, setPreview] = useState<{ url: string; isImage: boolean; name: string } | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(null);
    onChange(null);
    setPreview({ url: URL.createObjectURL(file), isImage: file.type.startsWith('image/'), name: file.name });
    setIsUploading(true);
    try {
      const reply = await uploadFile(purpose, file);
      onChange(reply.uploadId);
    } catch (caught) {
      setRefusal(isApiError(caught) ? caught.message : t('funds.upload.failed'));
    } finally {
      setIsUploading(false);
    }
  };

  const shown = refusal ?? error;
  return (
    <div className={`field upload-field${shown ? ' field--invalid' : ''}`}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <label className="upload-field__box" htmlFor={id}>
        {preview?.isImage ? (
          <img
            className="upload-field__preview"
            src={preview.url}
            alt={t('funds.upload.previewAlt', { label })}
          />
        ) : preview ? (
          <span className="upload-field__file">{preview.name}</span>
        ) : (
          <span className="upload-field__hint">{t('funds.upload.choose')}</span>
        )}
        <span className="upload-field__status" aria-live="polite">
          {isUploading ? t('funds.upload.uploading') : value ? t('funds.upload.done') : ''}
        </span>
      </label>
      <input
        id={id}
        className="upload-field__input"
        type="file"
        accept={
          accept ??
          (purpose === 'kyc'
            ? 'image/jpeg,image/png,image/webp'
            : 'image/jpeg,image/png,image/webp,application/pdf')
        }
        aria-labelledby={`${id}-label`}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {shown ? (
        <p className="field__error" id={`${id}-error`}>
          {shown}
        </p>
      ) : null}
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

/** A label and a value in a summary list. */
export function InfoRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="info-row">
      <dt className="info-row__label">{label}</dt>
      <dd className="info-row__value">{value}</dd>
    </div>
  );
}
