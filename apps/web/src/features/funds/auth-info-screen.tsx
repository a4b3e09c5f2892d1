import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FundsCard, FundsScreen } from '../../components/funds-screen';
import { InfoRow } from '../../components/info-row';
import { QueryState } from '../../components/query-state';
import { formatIstDateTime } from '../../lib/date-time';
import { type AuthInfo, useAuthInfo } from './api';
import { KycForm } from './kyc-form';
import './funds.css';

function StatusCard({ info }: { info: AuthInfo }) {
  const { t, i18n } = useTranslation();
  const submission = info.submission;
  const tone =
    info.status === 'verified' ? 'verified' : info.status === 'rejected' ? 'rejected' : 'unverified';
  return (
    <FundsCard
      titleId="kyc-status"
      title={t('funds.kyc.statusTitle')}
      state={<span className={`tag tag--${tone}`}>{t(`funds.kyc.status.${info.status}`)}</span>}
    >
      {submission ? (
        <dl className="info-list">
          <InfoRow label={t('funds.kyc.realName')} value={submission.realName} />
          <InfoRow
            label={t('funds.kyc.idType')}
            value={submission.idType === 'pan' ? t('funds.kyc.pan') : t('funds.kyc.aadhaar')}
          />
          <InfoRow label={t('funds.kyc.idNumber')} value={submission.idNumber} />
          <InfoRow
            label={t('funds.kyc.submittedAt')}
            value={formatIstDateTime(submission.submittedAt, i18n.language)}
          />
        </dl>
      ) : null}
      {info.status === 'pending' ? <p className="notice">{t('funds.kyc.pendingBody')}</p> : null}
      {info.status === 'verified' ? <p className="notice">{t('funds.kyc.verifiedBody')}</p> : null}
      {info.status === 'rejected' && submission?.rejectReason ? (
        <p className="funds-refusal" role="alert">
          {t('funds.kyc.rejectedReason', { reason: submission.rejectReason })}
        </p>
      ) : null}
    </FundsCard>
  );
}

/** /information/authInfo: the verification state and, when needed, the form (again after a rejection). */
export default function AuthInfoScreen() {
  const { t } = useTranslation();
  const query = useAuthInfo();
  const [isResubmitting, setIsResubmitting] = useState(false);
  return (
    <FundsScreen>
      <QueryState query={query}>
        {(info) => {
          const showForm = info.status === 'unverified' || (info.status === 'rejected' && isResubmitting);
          return (
            <>
              {info.status !== 'unverified' ? <StatusCard info={info} /> : null}
              {info.status === 'unverified' ? <p className="funds-intro">{t('funds.kyc.intro')}</p> : null}
              {info.status === 'rejected' && !isResubmitting ? (
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => setIsResubmitting(true)}
                >
                  {t('funds.kyc.resubmit')}
                </button>
              ) : null}
              {showForm ? (
                <KycForm
                  initialName={info.submission?.realName ?? ''}
                  onSubmitted={() => setIsResubmitting(false)}
                />
              ) : null}
            </>
          );
        }}
      </QueryState>
    </FundsScreen>
  );
}
