import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUser } from '../../api/client';
import { BackHeader } from '../../components/back-header';
import { formatMoney } from '../../lib/money';
import { type CheckinReward, type CheckinStatus, useCheckIn, useCheckinStatus, useClaimReward } from './api';
import { MonthCalendar } from './month-calendar';
import './checkin.css';
import { QueryState } from '../../components/query-state';

function RewardRow({
  reward,
  count,
  onClaim,
  isClaiming,
}: {
  reward: CheckinReward;
  count: number;
  onClaim: (reward: CheckinReward) => void;
  isClaiming: boolean;
}) {
  const { t } = useTranslation();
  return (
    <li className="checkin-reward">
      <div className="checkin-reward__text">
        <p className="checkin-reward__amount">₹{formatMoney(reward.amount)}</p>
        <p className="checkin-reward__need">
          {t('checkin.progress', {
            done: Math.min(count, reward.requiredCount),
            required: reward.requiredCount,
          })}
        </p>
      </div>
      {reward.claimed ? (
        <span className="tag tag--verified">{t('checkin.claimed')}</span>
      ) : (
        // Also tappable below the count: the server's refusal ("insufficient check-in count") says why.
        <button
          type="button"
          className={`button checkin-reward__button ${reward.claimable ? 'button--primary' : 'button--secondary'}`}
          onClick={() => onClaim(reward)}
          disabled={isClaiming}
          aria-label={t('checkin.claimLabel', { amount: formatMoney(reward.amount) })}
        >
          {t('checkin.claim')}
        </button>
      )}
    </li>
  );
}

function CheckinBody({ status }: { status: CheckinStatus }) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const checkIn = useCheckIn(() => notifyUser(t('checkin.done')));
  const claim = useClaimReward((amount) =>
    notifyUser(t('checkin.claimDone', { amount: formatMoney(amount) })),
  );

  const submitCheckIn = async () => {
    setRefusal(null);
    try {
      await checkIn.mutateAsync({});
    } catch (error) {
      setRefusal((error as Error).message);
    }
  };
  const submitClaim = async (reward: CheckinReward) => {
    setRefusal(null);
    try {
      await claim.mutateAsync({ rewardId: reward.id });
    } catch (error) {
      setRefusal((error as Error).message);
    }
  };

  return (
    <>
      <section className="card checkin-summary">
        <dl className="checkin-summary__figures">
          <div>
            <dt>{t('checkin.streak')}</dt>
            <dd data-testid="checkin-streak">{status.streak}</dd>
          </div>
          <div>
            <dt>{t('checkin.count')}</dt>
            <dd data-testid="checkin-count">{status.count}</dd>
          </div>
        </dl>
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => void submitCheckIn()}
          disabled={checkIn.isPending}
          aria-describedby={status.checkedInToday ? 'checkin-today-note' : undefined}
        >
          {status.checkedInToday ? t('checkin.checkedInToday') : t('checkin.checkIn')}
        </button>
        {status.checkedInToday ? (
          <p id="checkin-today-note" className="checkin-summary__note">
            {t('checkin.comeBack')}
          </p>
        ) : null}
        {refusal ? (
          <p className="checkin-summary__refusal" role="alert">
            {refusal}
          </p>
        ) : null}
      </section>
      <MonthCalendar today={status.today} checkedDays={status.monthDays} />
      <section className="card checkin-rewards" aria-labelledby="checkin-rewards-title">
        <h2 id="checkin-rewards-title" className="checkin-rewards__title">
          {t('checkin.rewards')}
        </h2>
        {status.rewards.length === 0 ? (
          <p className="checkin-summary__note">{t('checkin.noRewards')}</p>
        ) : (
          <ul className="checkin-rewards__list">
            {status.rewards.map((reward) => (
              <RewardRow
                key={reward.id}
                reward={reward}
                count={status.count}
                onClaim={(chosen) => void submitClaim(chosen)}
                isClaiming={claim.isPending}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** /home/checkIn: check in once per IST day, the count and streak, the month's calendar and the rewards. */
export default function CheckInScreen() {
  const status = useCheckinStatus();
  return (
    <div className="screen checkin-screen">
      <BackHeader fallbackPath="/home/index" />
      <QueryState query={status} errorMessage={status.error?.message}>
        {(checkIn) => <CheckinBody status={checkIn} />}
      </QueryState>
    </div>
  );
}
