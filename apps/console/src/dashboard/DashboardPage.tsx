import { Card, Col, Row } from 'antd';
import { ComingWithIssue } from '../shared/ComingWithIssue';
import { PageHeading } from '../shared/PageHeading';
import { ReconciliationCard } from './ReconciliationCard';
import { SignedInStaffCard } from './SignedInStaffCard';

export function DashboardPage() {
  return (
    <>
      <PageHeading title="Dashboard" />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <SignedInStaffCard />
        </Col>
        <Col xs={24} xl={16}>
          <ReconciliationCard />
        </Col>
        <Col span={24}>
          <Card title="Platform figures">
            <ComingWithIssue what="Users, pending reviews by queue, today's deposits, withdrawals and traded value, feed status and engine leader." />
          </Card>
        </Col>
      </Row>
    </>
  );
}
