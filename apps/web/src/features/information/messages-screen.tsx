import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';

/** /information/msgInfo: messages arrive with their own service; until then, the empty state. */
export default function MessagesScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen">
      <BackHeader fallbackPath="/information/index" />
      <EmptyState message={t('messages.empty')} description={t('messages.emptyBody')} />
    </div>
  );
}
