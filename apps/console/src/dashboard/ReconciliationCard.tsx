import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Typography } from 'antd';
import { reconcileLedger } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ErrorAlert } from '../shared/ErrorAlert';
import { RoleNote } from '../shared/RoleNote';
import { ReconciliationReportView } from './ReconciliationReportView';

/**
 * Runs the reconciliation check on demand: every entry balances, every balance is the sum of its
 * postings. Only admin and finance may run it; others see why the button is disabled.
 */
export function ReconciliationCard() {
  const me = useStaffMe();
  const allowed = mayPerform('reconcileLedger', me.data?.roles);
  const queryClient = useQueryClient();
  const reconciliation = useMutation({
    mutationFn: () => reconcileLedger(),
    // The dashboard shows the last run.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  });

  return (
    <Card
      title="Ledger reconciliation"
      extra={
        <Button
          type="primary"
          disabled={!allowed}
          loading={reconciliation.isPending}
          onClick={() => reconciliation.mutate()}
        >
          Run reconciliation
        </Button>
      }
    >
      {me.data && !allowed ? <RoleNote action="reconcileLedger" /> : null}
      {reconciliation.isError ? (
        <ErrorAlert title="Reconciliation failed to run" error={reconciliation.error} />
      ) : null}
      {reconciliation.data ? <ReconciliationReportView report={reconciliation.data} /> : null}
      {allowed && reconciliation.isIdle ? (
        <Typography.Paragraph type="secondary">
          Checks that every journal entry balances and that the ledger's totals agree. The last run, by
          anyone, is under Reconciliation and feed.
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
