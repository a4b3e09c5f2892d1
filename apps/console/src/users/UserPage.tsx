import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Table, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { type AuditFilter, fetchAudit, fetchUserDetail, type UserDetail } from '../api/console-calls';
import { AUDIT_CSV_COLUMNS, AuditTable } from '../audit/AuditTable';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { collectAllPages } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { useServerPage } from '../shared/use-server-page';
import { CreditScoreCard } from './CreditScoreCard';
import {
  DevicesCard,
  KycCard,
  MoneyMovementsCard,
  NotesCard,
  PayoutAccountsCard,
  SendMessageCard,
  useUserProfile,
} from './CustomerViewCards';
import { IssueResetCodeCard } from './IssueResetCodeCard';
import { SessionsCard } from './SessionsCard';
import { SetUserFlagCard } from './SetUserFlagCard';
import { StatementCard } from './StatementCard';
import { TwoFactorCard } from './TwoFactorCard';
import { UserMessagesCard, UserPositionsCard } from './UserActivityCards';
import { KYC_COLORS } from './UsersPage';
import { flagLabel } from './user-flags';

function UserAudit({ userId }: { userId: string }) {
  const filter: AuditFilter = { targetType: 'user', targetId: userId };
  const list = useServerPage(`user-audit-${userId}`, fetchAudit, filter, 10);
  return (
    <Card
      title="Audit rows about this user"
      extra={
        <ExportCsvButton
          what={`audit-user-${userId}`}
          columns={AUDIT_CSV_COLUMNS}
          collect={() => collectAllPages(fetchAudit, filter)}
        />
      }
    >
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      <AuditTable
        rows={list.query.data?.items ?? []}
        loading={list.query.isFetching}
        pagination={list.pagination}
      />
    </Card>
  );
}

function Overview({ detail }: { detail: UserDetail }) {
  const { user } = detail;
  return (
    <Card title="Account">
      <Descriptions
        column={2}
        size="small"
        items={[
          { key: 'id', label: 'User ID', children: user.id },
          { key: 'phone', label: 'Phone', children: user.phone },
          { key: 'name', label: 'KYC name', children: user.realName ?? '—' },
          {
            key: 'kyc',
            label: 'KYC',
            children: <Tag color={KYC_COLORS[user.kycStatus]}>{user.kycStatus}</Tag>,
          },
          { key: 'day', label: 'Day trading', children: user.dayTradingStatus },
          { key: 'score', label: 'Credit score', children: user.creditScore },
          { key: 'language', label: 'Language', children: user.language },
          {
            key: 'referrer',
            label: 'Invited by',
            children: user.referrerId ? <Link to={`/users/${user.referrerId}`}>{user.referrerId}</Link> : '—',
          },
          { key: 'registered', label: 'Registered', children: formatIstDateTime(user.createdAt) },
        ]}
      />
      <Table
        className="section-table"
        size="small"
        rowKey="flag"
        dataSource={detail.flags}
        pagination={false}
        locale={{ emptyText: 'No flags.' }}
        columns={[
          {
            title: 'Flag',
            dataIndex: 'flag',
            render: (flag: string) => <Tag color="red">{flagLabel(flag)}</Tag>,
          },
          { title: 'Reason', dataIndex: 'reason' },
          { title: 'Set by', dataIndex: 'setBy' },
          { title: 'Since', dataIndex: 'setAt', render: (at: number) => formatIstDateTime(at) },
        ]}
      />
    </Card>
  );
}

function Balances({ detail }: { detail: UserDetail }) {
  return (
    <Card title="Balances">
      <Table
        size="small"
        rowKey={(row) => `${row.currency}:${row.purpose}`}
        dataSource={detail.balances}
        pagination={false}
        locale={{ emptyText: 'No accounts yet.' }}
        columns={[
          { title: 'Currency', dataIndex: 'currency', width: 100 },
          { title: 'Purpose', dataIndex: 'purpose' },
          {
            title: 'Balance',
            dataIndex: 'balance',
            align: 'right',
            render: (balance: string, row) => (
              <span className="amount">
                {row.currency === 'INR' ? formatRupees(balance) : `${balance} ${row.currency}`}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** One investor: account, flags, balances, positions, statement, sessions, messages, history, and the acts on them. */
export function UserPage() {
  const { userId = '' } = useParams();
  const me = useStaffMe();
  const roles = me.data?.roles;
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: ['user', userId], queryFn: () => fetchUserDetail(userId) });
  const profile = useUserProfile(userId);
  const investorName = detail.data ? (detail.data.user.realName ?? detail.data.user.phone) : `User ${userId}`;
  return (
    <>
      <PageHeading title={investorName}>
        User {userId}
        {detail.data ? ` · ${detail.data.user.phone}` : ''} · <Link to="/users">All users</Link>
      </PageHeading>
      {profile.error ? <ErrorAlert error={profile.error} /> : null}
      {detail.error ? <ErrorAlert error={detail.error} /> : null}
      {detail.data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Overview detail={detail.data} />
          </Col>
          <Col xs={24} xl={10}>
            <Balances detail={detail.data} />
          </Col>
          <Col xs={24} xl={14}>
            <KycCard profile={profile.data} roles={roles} />
          </Col>
          <Col xs={24} xl={10}>
            <PayoutAccountsCard profile={profile.data} />
          </Col>
          <Col xs={24} xl={14}>
            <NotesCard userId={userId} />
          </Col>
          <Col xs={24} xl={10}>
            <SendMessageCard userId={userId} investorName={investorName} />
          </Col>
          <Col span={24}>
            <MoneyMovementsCard userId={userId} />
          </Col>
          <Col span={24}>
            <UserPositionsCard userId={userId} />
          </Col>
          <Col span={24}>
            <StatementCard userId={userId} />
          </Col>
          <Col span={24}>
            <SessionsCard userId={userId} sessions={detail.data.sessions} />
          </Col>
          <Col span={24}>
            <DevicesCard profile={profile.data} />
          </Col>
          <Col span={24}>
            <UserMessagesCard userId={userId} />
          </Col>
          <Col xs={24} xl={8}>
            <SetUserFlagCard
              userId={userId}
              investorName={investorName}
              onChanged={() => {
                void queryClient.invalidateQueries({ queryKey: ['user', userId] });
                void queryClient.invalidateQueries({ queryKey: ['console-list'] });
              }}
            />
          </Col>
          <Col xs={24} xl={8}>
            <CreditScoreCard userId={userId} current={detail.data.user.creditScore} />
          </Col>
          <Col xs={24} xl={8}>
            <IssueResetCodeCard userId={userId} />
          </Col>
          <Col xs={24} xl={8}>
            <TwoFactorCard userId={userId} />
          </Col>
          {mayPerform('readAudit', roles) ? (
            <Col span={24}>
              <UserAudit userId={userId} />
            </Col>
          ) : null}
        </Row>
      ) : null}
    </>
  );
}
