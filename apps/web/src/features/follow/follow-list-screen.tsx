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
      <BackHeader fallbackPath="/home/index" />
      <div className="follow-screen__body">
        <p className="follow-intro">{t('follow.intro')}</p>
        <Link to="/home/qcList" className="button button--secondary button--block">
          {t('follow.myFollows')}
        </Link>
        <FollowProductsPanel />
      </div>
    </div>
  );
}
