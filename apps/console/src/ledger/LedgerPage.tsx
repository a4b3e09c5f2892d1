import { Col, Row, Tabs } from 'antd';
import { useState } from 'react';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ReconciliationCard } from '../dashboard/ReconciliationCard';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { EntryDrawer } from './EntryDrawer';
import { EntrySearchCard } from './EntrySearchCard';
import { ReversalRequestsCard } from './ReversalRequestsCard';
import { ReverseEntryCard } from './ReverseEntryCard';

export function LedgerPage() {
  const me = useStaffMe();
  const mayRead = mayPerform('readLedger', me.data?.roles);
  const [openEntry, setOpenEntry] = useState<string | null>(null);
  return (
    <>
      <PageHeading title="Ledger">
        Corrections are reversing entries with a reason; postings are never edited. Above the second-approver
        threshold (a parameter) another finance staff member approves.
      </PageHeading>
      <Tabs
        items={[
          {
            key: 'entries',
            label: 'Entries',
            children: mayRead ? (
              <EntrySearchCard onOpenEntry={setOpenEntry} />
            ) : me.data ? (
              <RoleNote action="readLedger" />
            ) : null,
          },
          {
            key: 'approvals',
            label: 'Second approvals',
            children: mayRead ? (
              <ReversalRequestsCard onOpenEntry={setOpenEntry} />
            ) : me.data ? (
              <RoleNote action="readLedger" />
            ) : null,
          },
          {
            key: 'corrections',
            label: 'Corrections and reconciliation',
            children: (
              <Row gutter={[16, 16]}>
                <Col xs={24} xl={10}>
                  <ReverseEntryCard />
                </Col>
                <Col xs={24} xl={14}>
                  <ReconciliationCard />
                </Col>
              </Row>
            ),
          },
        ]}
      />
      <EntryDrawer entryId={openEntry} onClose={() => setOpenEntry(null)} />
    </>
  );
}
