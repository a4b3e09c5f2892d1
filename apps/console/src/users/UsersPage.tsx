import { Button, Card, Col, Form, Input, Row, Select, Space, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { fetchUsers, type UserSearchBody, type UserSummary } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { collectAllPages } from '../shared/csv';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { compactFilter } from '../shared/filters';
import { formatIstDateTime } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { useServerPage } from '../shared/use-server-page';
import { IssueResetCodeCard } from './IssueResetCodeCard';
import { LoanQuotaTableCard } from './LoanQuotaTableCard';
import { SetUserFlagCard } from './SetUserFlagCard';
import { flagLabel, USER_FLAGS } from './user-flags';

export const KYC_COLORS: Record<string, string> = {
  verified: 'green',
  pending: 'gold',
  rejected: 'red',
  unverified: 'default',
};

const KYC_OPTIONS = ['unverified', 'pending', 'verified', 'rejected'].map((value) => ({
  value,
  label: value,
}));

function UserSearch() {
  const list = useServerPage('users', fetchUsers, {} as UserSearchBody);
  return (
    <Card title="Find a user">
      <Form<UserSearchBody>
        name="userSearch"
        layout="inline"
        className="filter-form"
        onFinish={(values) => list.setFilter(compactFilter(values) as UserSearchBody)}
      >
        <Form.Item name="query" label="Phone, ID or name">
          <Input allowClear style={{ width: 220 }} maxLength={64} />
        </Form.Item>
        <Form.Item name="kycStatus" label="KYC">
          <Select allowClear placeholder="Any" style={{ width: 140 }} options={KYC_OPTIONS} />
        </Form.Item>
        <Form.Item name="flag" label="Flag">
          <Select
            allowClear
            placeholder="Any"
            style={{ width: 180 }}
            options={USER_FLAGS.map((flag) => ({ value: flag.value, label: flag.label }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            Search
          </Button>
          <ExportCsvButton
            what="users"
            collect={() => collectAllPages(fetchUsers, list.filter)}
            columns={[
              { header: 'id', value: (user: UserSummary) => user.id },
              { header: 'phone', value: (user) => user.phone },
              { header: 'real_name', value: (user) => user.realName },
              { header: 'kyc_status', value: (user) => user.kycStatus },
              { header: 'credit_score', value: (user) => user.creditScore },
              { header: 'flags', value: (user) => user.flags.join(' ') },
              { header: 'created_at', value: (user) => new Date(user.createdAt).toISOString() },
            ]}
          />
        </Space>
      </Form>
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      <Table<UserSummary>
        rowKey="id"
        loading={list.query.isFetching}
        dataSource={list.query.data?.items ?? []}
        pagination={list.pagination}
        columns={[
          {
            title: 'ID',
            dataIndex: 'id',
            width: 90,
            render: (id: string) => <Link to={`/users/${id}`}>{id}</Link>,
          },
          {
            title: 'Phone',
            dataIndex: 'phone',
            render: (phone: string, user) => <Link to={`/users/${user.id}`}>{phone}</Link>,
          },
          { title: 'Name', dataIndex: 'realName', render: (name: string | null) => name ?? '—' },
          {
            title: 'KYC',
            dataIndex: 'kycStatus',
            render: (status: string) => <Tag color={KYC_COLORS[status]}>{status}</Tag>,
          },
          { title: 'Credit score', dataIndex: 'creditScore', width: 120 },
          {
            title: 'Flags',
            dataIndex: 'flags',
            render: (flags: string[]) =>
              flags.length === 0
                ? '—'
                : flags.map((flag) => (
                    <Tag key={flag} color="red">
                      {flagLabel(flag)}
                    </Tag>
                  )),
          },
          { title: 'Registered', dataIndex: 'createdAt', render: (at: number) => formatIstDateTime(at) },
        ]}
      />
    </Card>
  );
}

export function UsersPage() {
  const me = useStaffMe();
  const maySearch = mayPerform('searchUsers', me.data?.roles);
  return (
    <>
      <PageHeading title="Users">
        Find an investor by phone, ID or name; open their page for balances, statement, sessions and history.
        Every action asks for a reason.
      </PageHeading>
      <Row gutter={[16, 16]}>
        {/* Nothing is asked of the server before the roles are known, and nothing they do not admit:
            a refused call writes a console.forbidden audit row for staff who did nothing wrong. */}
        <Col span={24}>
          {me.data && !maySearch ? <RoleNote action="searchUsers" /> : null}
          {me.data && maySearch ? <UserSearch /> : null}
        </Col>
        <Col xs={24} xl={12}>
          <IssueResetCodeCard />
        </Col>
        <Col xs={24} xl={12}>
          <LoanQuotaTableCard />
        </Col>
        <Col xs={24} xl={12}>
          <SetUserFlagCard />
        </Col>
      </Row>
    </>
  );
}
