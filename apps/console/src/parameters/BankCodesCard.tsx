import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { fetchFundsSettings, type SetBankCodesBody, setBankCodes } from '../api/back-office-screen-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH, ReasonField } from '../shared/form-fields';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

interface AddForm {
  code: string;
  bankName: string;
  reason: string;
}

interface Change {
  body: SetBankCodesBody;
  what: string;
}

/**
 * The bank codes (first four letters of an IFSC) staff accept beyond the built-in table of common
 * banks: a payout account whose IFSC has an unknown code is refused rather than guessed, so a new
 * bank is added here, with a reason, audited with the list before and after.
 */
export function BankCodesCard() {
  const me = useStaffMe();
  const may = mayPerform('manageBankCodes', me.data?.roles);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddForm>();
  const [removeReason, setRemoveReason] = useState<Record<string, string>>({});
  const settings = useQuery({
    queryKey: ['console-list', 'funds-settings'],
    queryFn: ({ signal }) => fetchFundsSettings({ signal }),
  });
  const codes = settings.data?.extraBankCodes ?? {};
  const action = useConfirmedAction(async (change: Change, options) => {
    const saved = await setBankCodes(change.body, options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'funds-settings'] });
    form.resetFields();
    setRemoveReason({});
    return { saved, what: change.what };
  });
  const rows = Object.entries(codes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, bankName]) => ({ code, bankName }));
  return (
    <Card title="Extra bank codes">
      <Typography.Paragraph type="secondary">
        IFSC bank codes accepted beyond the built-in table of common banks. The payout account form refuses an
        IFSC whose bank code is in neither, so money cannot go to a bank nobody checked.
      </Typography.Paragraph>
      <RoleNote action="manageBankCodes" />
      {settings.isError ? <ErrorAlert error={settings.error} /> : null}
      <Table
        rowKey="code"
        size="small"
        loading={settings.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No extra bank code: only the built-in table is accepted.' }}
        columns={[
          {
            title: 'Bank code',
            dataIndex: 'code',
            width: 120,
            render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
          },
          { title: 'Bank', dataIndex: 'bankName' },
          {
            title: 'Remove',
            width: 320,
            render: (_value, row) => (
              <Space.Compact>
                <Input
                  size="small"
                  placeholder="Reason"
                  aria-label={`Reason to remove ${row.code}`}
                  maxLength={REASON_MAX_LENGTH}
                  disabled={!may}
                  value={removeReason[row.code] ?? ''}
                  onChange={(event) => setRemoveReason({ ...removeReason, [row.code]: event.target.value })}
                />
                <Button
                  size="small"
                  danger
                  disabled={!may || (removeReason[row.code] ?? '').trim().length < REASON_MIN_LENGTH}
                  onClick={() => {
                    const { [row.code]: _removed, ...rest } = codes;
                    action.ask({
                      body: { extraBankCodes: rest, reason: (removeReason[row.code] ?? '').trim() },
                      what: `Remove ${row.code} (${row.bankName})`,
                    });
                  }}
                >
                  Remove
                </Button>
              </Space.Compact>
            ),
          },
        ]}
      />
      <Form<AddForm>
        form={form}
        layout="inline"
        name="addBankCode"
        disabled={!may}
        style={{ marginTop: 16, rowGap: 8 }}
        onFinish={(values) => {
          const code = values.code.trim();
          action.ask({
            body: {
              extraBankCodes: { ...codes, [code]: values.bankName.trim() },
              reason: values.reason.trim(),
            },
            what: `Accept ${code} (${values.bankName.trim()})`,
          });
        }}
      >
        <Form.Item
          name="code"
          label="Bank code"
          rules={[
            { required: true, message: 'Four capital letters' },
            { pattern: /^[A-Z]{4}$/, message: 'Four capital letters, e.g. ABCD' },
            {
              validator: (_rule, value?: string) =>
                value && codes[value] ? Promise.reject(new Error('Already accepted')) : Promise.resolve(),
            },
          ]}
        >
          <Input maxLength={4} style={{ width: 90 }} placeholder="ABCD" />
        </Form.Item>
        <Form.Item
          name="bankName"
          label="Bank"
          rules={[{ required: true, whitespace: true, max: 100, message: 'The bank’s name' }]}
        >
          <Input maxLength={100} style={{ width: 260 }} placeholder="Name as RBI lists it" />
        </Form.Item>
        <div style={{ flexBasis: '100%' }}>
          <ReasonField />
        </div>
        <Button type="primary" htmlType="submit">
          Review
        </Button>
      </Form>
      {action.error ? <ErrorAlert title="Not saved" error={action.error} /> : null}
      {action.result ? (
        <Alert className="result-panel" type="success" showIcon title={`${action.result.what}: saved`} />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`${action.pendingValues?.what ?? ''}?`}
        okText="Save the bank codes"
        danger
        reason={action.pendingValues?.body.reason}
      >
        <p>
          Payout accounts whose IFSC starts with an accepted code can be added by investors; removing a code
          refuses new accounts of that bank (accounts already added stay). The list before and after is
          recorded in the audit log.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
