import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { type UploadPurpose, uploadFile } from './api';
import './funds.css';

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
