import { Col, Row } from 'antd';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { PageHeading } from '../shared/PageHeading';
import { AlertsCard } from './AlertsCard';
import { PlatformFigures } from './PlatformFigures';
import { ReconciliationCard } from './ReconciliationCard';
import { SignedInStaffCard } from './SignedInStaffCard';

export function DashboardPage() {
  const me = useStaffMe();
  return (
    <>
      <PageHeading title="Dashboard" />
      <Row gutter={[16, 16]}>
        {mayPerform('readAlerts', me.data?.roles) ? (
          <Col span={24}>
            <AlertsCard />
          </Col>
        ) : null}
        <Col span={24}>
          <PlatformFigures />
        </Col>
        <Col xs={24} xl={8}>
          <SignedInStaffCard />
        </Col>
        {mayPerform('reconcileLedger', me.data?.roles) ? (
          <Col xs={24} xl={16}>
            <ReconciliationCard />
          </Col>
        ) : null}
      </Row>
    </>
  );
}
