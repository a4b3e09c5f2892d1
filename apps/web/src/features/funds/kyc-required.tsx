import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';

/** A screen that needs verified KYC first tells so, with a way to it. */
export function KycRequired() {
  const { t } = useTranslation();
  return (
    <EmptyState
      message={t('funds.kycRequired')}
      action={
        <Link to="/information/authInfo" className="button button--primary">
          {t('funds.goToKyc')}
        </Link>
      }
    />
  );
}
