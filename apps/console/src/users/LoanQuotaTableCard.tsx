import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { fetchLoanQuotaTable, saveLoanQuotaTable } from '../api/loan-quota-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';

interface QuotaTableValues {
  tiers: { minCreditScore: number; quota: string }[];
  reason: string;
}

const MONEY = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;

/**
 * Compliance keeps the credit-loan quota table: the quota each credit score allows (the highest
 * tier a user's score reaches). The server refuses a repeated score or a quota that falls as the
 * score rises; the whole table is replaced at once, with a reason.
 */
export function LoanQuotaTableCard() {
  const me = useStaffMe();
  const allowed = mayPerform('setLoanQuotaTable', me.data?.roles);
  const queryClient = useQueryClient();
  // Read only by the roles the server admits (a refused read is audited as console.forbidden).
  const mayRead = mayPerform('readLoanQuotaTable', me.data?.roles);
  const table = useQuery({
    queryKey: ['loan-quota-table'],
    queryFn: () => fetchLoanQuotaTable(),
    enabled: mayRead,
  });
  const action = useConfirmedAction(async (values: QuotaTableValues, options) => {
    const saved = await saveLoanQuotaTable(
      {
        tiers: (values.tiers ?? []).map((tier) => ({
          minCreditScore: tier.minCreditScore,
          quota: tier.quota.trim(),
        })),
        reason: values.reason.trim(),
      },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['loan-quota-table'] });
    return saved;
  });
  const pending = action.pendingValues;
  return (
    <Card title="Credit-loan quota table">
      {me.data && !allowed ? <RoleNote action="setLoanQuotaTable" /> : null}
      {me.data && !mayRead ? (
        <Typography.Paragraph type="secondary">
          Admin, compliance and finance read this table.
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph type="secondary">
        A user may borrow up to the quota of the highest tier their credit score reaches; below the lowest
        tier, nothing. The credit score never gates a withdrawal.
      </Typography.Paragraph>
      {table.error ? <ErrorAlert error={table.error} /> : null}
      {table.data ? (
        <Form<QuotaTableValues>
          name="loanQuotaTable"
          layout="vertical"
          disabled={!allowed}
          initialValues={{ tiers: table.data.tiers }}
          onFinish={action.ask}
        >
          <Form.List name="tiers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'minCreditScore']}
                      label="From credit score"
                      rules={[
                        {
                          required: true,
                          message: '0 to 1,000,000',
                        },
                        wholeNumberRule({ min: 0, max: 1_000_000, message: '0 to 1,000,000' }),
                      ]}
                    >
                      <WholeNumberInput style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'quota']}
                      label="Quota (₹)"
                      rules={[{ required: true, pattern: MONEY, message: 'Rupees with at most 2 decimals' }]}
                    >
                      <Input style={{ width: 180 }} inputMode="decimal" />
                    </Form.Item>
                    <Button onClick={() => remove(field.name)} aria-label="Remove this tier">
                      Remove
                    </Button>
                  </Space>
                ))}
                <Form.Item>
                  <Button
                    onClick={() => add({ minCreditScore: undefined, quota: '' })}
                    disabled={fields.length >= 50}
                  >
                    Add a tier
                  </Button>
                </Form.Item>
              </>
            )}
          </Form.List>
          <ReasonField />
          <Button type="primary" htmlType="submit">
            Save the table
          </Button>
        </Form>
      ) : null}
      {action.error ? <ErrorAlert title="The table was not changed" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={`Saved ${action.result.tiers.length} tiers`}
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title="Replace the quota table?"
        okText="Save the table"
        reason={pending?.reason}
      >
        <p>{pending?.tiers?.length ?? 0} tiers replace the current table for every investor.</p>
      </ConfirmActionModal>
    </Card>
  );
}
