import { useTranslation } from 'react-i18next';
import { BackHeader } from '../../components/back-header';
import { EmptyState } from '../../components/empty-state';
import { useScreen } from '../../router/route-handle';

/**
 * The stand-in for a screen whose feature has not shipped: its translated title, the back header
 * (none on a tab's root screen) and the no-data placeholder, so every route of the table works.
 */
export default function ComingSoonScreen() {
  const { t } = useTranslation();
  const { handle } = useScreen();
  return (
    <div className="screen">
      <BackHeader hideBack={handle.tabBar === true} />
      <EmptyState message={t('common.comingSoon')} description={t('common.comingSoonBody')} />
    </div>
  );
}
