import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useUnreadCount } from '../../api/unread-count';
import { BackHeader } from '../../components/back-header';
import { BellIcon, CheckIcon, ChevronRightIcon } from '../../components/icons';
import { UnreadBadge } from '../../components/unread-badge';
import './user-info.css';
import { QueryState } from '../../components/query-state';

function Row({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="info-row">
      <dt className="info-row__label">{label}</dt>
      <dd className="info-row__value" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * /information/userInfo, which the top bar's bell opens: who the investor is (phone, name, KYC
 * state, invitation code) and the way to the notices, with the unread count.
 */
export default function UserInfoScreen() {
  const { t } = useTranslation();
  const user = useApiQuery('user/getUserinfo', {});
  const unread = useUnreadCount();

  return (
    <div className="screen user-info-screen">
      <BackHeader fallbackPath="/information/index" />
      <nav className="card link-list" aria-label={t('accountExtra.shortcuts')}>
        <Link to="/information/msgInfo" className="link-list__item">
          <BellIcon size={20} />
          <span className="link-list__label">{t('accountExtra.messages')}</span>
          <UnreadBadge unread={unread} />
          <ChevronRightIcon size={18} />
        </Link>
        <Link to="/home/checkIn" className="link-list__item">
          <CheckIcon size={20} />
          <span className="link-list__label">{t('accountExtra.checkIn')}</span>
          <ChevronRightIcon size={18} />
        </Link>
      </nav>
      <QueryState query={user} errorMessage={user.error?.message}>
        {(info) => (
          <section className="card" aria-labelledby="user-info-title">
            <h2 id="user-info-title" className="user-info__title">
              {t('accountExtra.profile')}
            </h2>
            <dl className="info-list">
              <Row label={t('accountExtra.phone')} value={info.phone || info.account} testId="user-phone" />
              <Row
                label={t('accountExtra.name')}
                value={info.realName || t('accountExtra.noName')}
                testId="user-name"
              />
              <Row
                label={t('accountExtra.kyc')}
                value={
                  <Link to="/information/authInfo" className={`tag tag--${info.realNameStatus}`}>
                    {t(`accountExtra.kycState.${info.realNameStatus}`)}
                  </Link>
                }
                testId="user-kyc"
              />
              <Row label={t('accountExtra.inviteCode')} value={info.inviteCode || '—'} testId="user-invite" />
            </dl>
          </section>
        )}
      </QueryState>
    </div>
  );
}
