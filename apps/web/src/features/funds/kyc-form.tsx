import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-field';
import { FormSubmit } from '../../components/form-refusal';
import { SelectField } from '../../components/select-field';
import { hasErrors } from '../../lib/form-validation';
import { useFormValues } from '../../lib/use-form-values';
import { type IdType, useFundsMutation } from './api';
import { UploadField } from './upload-field';
import { type KycValues, normalizeIdNumber, validateKyc } from './validation';
import './funds.css';

interface KycFormProps {
  initialName?: string;
  onSubmitted: () => void;
}

/** Real-name verification: name, PAN or Aadhaar, front and back photos of the document. */
export function KycForm({ initialName = '', onSubmitted }: KycFormProps) {
  const { t } = useTranslation();
  const { values, setErrors, update, bind } = useFormValues<KycValues>({
    realName: initialName,
    idType: 'pan',
    idNumber: '',
    frontImage: null,
    backImage: null,
  });
  const submit = useFundsMutation('user/authSubmit', onSubmitted);

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

  return (
    <form className="form" noValidate onSubmit={handleSubmit} aria-label={t('funds.kyc.formLabel')}>
      <TextField
        label={t('funds.kyc.realName')}
        placeholder={t('funds.kyc.realNamePlaceholder')}
        autoComplete="name"
        {...bind('realName')}
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
        {...bind('idNumber')}
      />
      <div className="upload-pair">
        <UploadField label={t('funds.kyc.frontImage')} purpose="kyc" {...bind('frontImage')} />
        <UploadField label={t('funds.kyc.backImage')} purpose="kyc" {...bind('backImage')} />
      </div>
      <p className="notice">{t('funds.kyc.privacyNotice')}</p>
      <FormSubmit call={submit} label={t('funds.kyc.submit')} pendingLabel={t('funds.submitting')} />
    </form>
  );
}
