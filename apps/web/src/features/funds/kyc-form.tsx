import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { SelectField } from '../../components/select-field';
import { type FieldErrors, hasErrors } from '../../lib/form-validation';
import { type IdType, useFundsMutation } from './api';
import { UploadField } from './upload-field';
import { type KycField, type KycValues, normalizeIdNumber, validateKyc } from './validation';
import './funds.css';

interface KycFormProps {
  initialName?: string;
  onSubmitted: () => void;
}

/** Real-name verification: name, PAN or Aadhaar, front and back photos of the document. */
export function KycForm({ initialName = '', onSubmitted }: KycFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<KycValues>({
    realName: initialName,
    idType: 'pan',
    idNumber: '',
    frontImage: null,
    backImage: null,
  });
  const [errors, setErrors] = useState<FieldErrors<KycField>>({});
  const submit = useFundsMutation('user/authSubmit', onSubmitted);

  const update = <Field extends keyof KycValues>(field: Field, value: KycValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateKyc(values);
    setErrors(found);
    // Validation has checked both images; the check below only tells the compiler.
    if (hasErrors(found) || values.frontImage === null || values.backImage === null) return;
    void submit.submit({
      realName: values.realName.trim().replace(/\s+/g, ' '),
      idType: values.idType,
      idNumber: normalizeIdNumber(values.idType, values.idNumber),
      frontImage: values.frontImage,
      backImage: values.backImage,
    });
  };
  const errorText = (field: KycField) => (errors[field] ? t(errors[field]) : undefined);

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('funds.kyc.formLabel')}>
      <TextField
        label={t('funds.kyc.realName')}
        placeholder={t('funds.kyc.realNamePlaceholder')}
        autoComplete="name"
        value={values.realName}
        onChange={(value) => update('realName', value)}
        error={errorText('realName')}
      />
      <SelectField
        label={t('funds.kyc.idType')}
        value={values.idType}
        options={[
          { value: 'pan', label: t('funds.kyc.pan') },
          { value: 'aadhaar', label: t('funds.kyc.aadhaar') },
        ]}
        onChange={(value) => update('idType', value as IdType)}
      />
      <TextField
        label={t('funds.kyc.idNumber')}
        placeholder={values.idType === 'pan' ? 'ABCDE1234F' : '2345 6789 0123'}
        inputMode={values.idType === 'pan' ? 'text' : 'numeric'}
        autoCapitalize="characters"
        autoComplete="off"
        value={values.idNumber}
        onChange={(value) => update('idNumber', value)}
        error={errorText('idNumber')}
      />
      <div className="upload-pair">
        <UploadField
          label={t('funds.kyc.frontImage')}
          purpose="kyc"
          value={values.frontImage}
          onChange={(id) => update('frontImage', id)}
          error={errorText('frontImage')}
        />
        <UploadField
          label={t('funds.kyc.backImage')}
          purpose="kyc"
          value={values.backImage}
          onChange={(id) => update('backImage', id)}
          error={errorText('backImage')}
        />
      </div>
      <p className="notice">{t('funds.kyc.privacyNotice')}</p>
      <FormSubmit
        error={submit.error}
        label={t('funds.kyc.submit')}
        isPending={submit.isPending}
        pendingLabel={t('funds.submitting')}
      />
    </form>
  );
}
