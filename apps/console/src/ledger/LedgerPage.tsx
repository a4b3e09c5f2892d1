import { Card, Col, Row } from 'antd';
import { ReconciliationCard } from '../dashboard/ReconciliationCard';
import { ComingWithIssue } from '../shared/ComingWithIssue';
import { PageHeading } from '../shared/PageHeading';
import { ReverseEntryCard } from './ReverseEntryCard';

export function LedgerPage() {
  return (
    <>
      <PageHeading title="Ledger">
        Corrections are reversing entries with a reason; postings are never edited.
      </PageHeading>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ReverseEntryCard />
        </Col>
        <Col xs={24} xl={14}>
          <ReconciliationCard />
        </Col>
        <Col span={24}>
          <Card title="Search entries">
            <ComingWithIssue what="Journal entries searchable by account, user, kind and time, exportable as CSV." />
          </Card>
        </Col>
      </Row>
    </>
  );
}
