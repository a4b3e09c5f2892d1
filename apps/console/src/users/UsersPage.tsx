import { Card, Col, Row } from 'antd';
import { ComingWithIssue } from '../shared/ComingWithIssue';
import { PageHeading } from '../shared/PageHeading';
import { IssueResetCodeCard } from './IssueResetCodeCard';
import { SetUserFlagCard } from './SetUserFlagCard';

export function UsersPage() {
  return (
    <>
      <PageHeading title="Users">
        Act on an investor's account by user ID. Every action asks for a reason.
      </PageHeading>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <IssueResetCodeCard />
        </Col>
        <Col xs={24} xl={12}>
          <SetUserFlagCard />
        </Col>
        <Col span={24}>
          <Card title="Find a user">
            <ComingWithIssue what="Search, and each user's page with KYC, balances, positions, statement, sessions and audit." />
          </Card>
        </Col>
      </Row>
    </>
  );
}
