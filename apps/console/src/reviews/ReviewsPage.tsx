import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { type ConsoleAction, mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { DayTradingQueue } from './DayTradingQueue';
import { DepositQueue } from './DepositQueue';
import { KycQueue } from './KycQueue';
import { LoanQueue } from './LoanQueue';
import { WithdrawalQueue } from './WithdrawalQueue';

const QUEUES: { key: string; label: string; action: ConsoleAction; render: () => React.ReactNode }[] = [
  { key: 'kyc', label: 'KYC', action: 'reviewKyc', render: () => <KycQueue /> },
  { key: 'deposits', label: 'Deposits', action: 'reviewFunds', render: () => <DepositQueue /> },
  { key: 'withdrawals', label: 'Withdrawals', action: 'reviewFunds', render: () => <WithdrawalQueue /> },
  { key: 'day-trading', label: 'Day trading', action: 'reviewDayTrading', render: () => <DayTradingQueue /> },
  { key: 'loans', label: 'Credit loans', action: 'reviewLoans', render: () => <LoanQueue /> },
];

/**
 * The review queues. A queue the staff member's roles do not admit says so instead of asking the
 * server (which would answer 403 and audit it). The open tab is in the URL (`?queue=withdrawals`).
 */
export function ReviewsPage() {
  const me = useStaffMe();
  const [params, setParams] = useSearchParams();
  const roles = me.data?.roles;
  const admitted = QUEUES.filter((queue) => mayPerform(queue.action, roles));
  const requested = params.get('queue');
  const active = QUEUES.find((queue) => queue.key === requested)?.key ?? admitted[0]?.key ?? 'kyc';
  return (
    <>
      <PageHeading title="Reviews">
        Every decision acts only on a pending item and is audited; of two staff deciding at once, one wins and
        the other is told it was already decided.
      </PageHeading>
      {me.data ? (
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ queue: key })}
          destroyOnHidden
          items={QUEUES.map((queue) => ({
            key: queue.key,
            label: queue.label,
            children: mayPerform(queue.action, roles) ? queue.render() : <RoleNote action={queue.action} />,
          }))}
        />
      ) : null}
    </>
  );
}
