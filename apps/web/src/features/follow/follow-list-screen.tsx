import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackHeader } from '../../components/back-header';
import { FollowProductsPanel } from './follow-products-panel';
import './follow.css';

/** /home/fllow: the copy-trading products, and a way to the investor's own follows. */
export default function FollowListScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen follow-screen">
      <BackHeader
        fallbackPath="/home/index"
        right={
          <Link to="/home/qcList" className="follow-header-link">
            {t('follow.myFollows')}
          </Link>
        }
      />
      <div className="follow-screen__body">
        <p className="follow-intro">{t('follow.intro')}</p>
        <FollowProductsPanel />
      </div>
    </div>
  );
}
