import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../shared/PageHeading';
import { BankMappingsTab } from './BankMappingsTab';
import { PayoutsTab } from './PayoutsTab';
import { StatementsTab } from './StatementsTab';

/**
 * Bank statements and payouts in bulk (docs/adr/0032-bank-statement-matching.md): finance uploads the
 * bank's statement, approves the deposits its credits match in bulk, exports the payouts ready to pay
 * as a bulk payment file and records their UTRs from the statement's debits.
 */
export function BankPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') ?? 'statements';
  return (
    <>
      <PageHeading title="Bank statements">
        Match the bank's statement to the deposits investors reported (by UTR and exact amount), approve them
        in bulk, pay withdrawals with one bulk payment file and record their UTRs from the statement.
      </PageHeading>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key })}
        items={[
          { key: 'statements', label: 'Statements and deposits', children: <StatementsTab /> },
          { key: 'payouts', label: 'Payouts', children: <PayoutsTab /> },
          { key: 'columns', label: 'Bank columns', children: <BankMappingsTab /> },
        ]}
      />
    </>
  );
}
