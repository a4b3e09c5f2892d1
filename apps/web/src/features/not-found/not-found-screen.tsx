import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { HOME_PATH } from '../../lib/constants';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <BackHeader />
      <EmptyState
        message={t('notFound.title')}
        description={t('notFound.body')}
        action={
          <Link className="button button--primary" to={HOME_PATH} replace>
            {t('notFound.home')}
          </Link>
        }
      />
    </div>
  );
}
