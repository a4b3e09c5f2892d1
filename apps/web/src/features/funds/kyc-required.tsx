import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';

/** A screen that needs verified KYC first tells so, with a way to it. */
export function KycRequired() {
  const { t } = useTranslation();
  return (
    <EmptyState
      message={t('funds.kycRequired')}
      actionLink={{ to: '/information/authInfo', label: t('funds.goToKyc') }}
    />
  );
}
