import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { type BankMapping, fetchBankMappings, saveBankMapping } from '../api/bank-statement-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

interface MappingForm {
  bankName: string;
  date: string;
  narration: string;
  reference: string;
  debit: string;
  credit: string;
  balance?: string;
  reason: string;
}

const COLUMN_FIELDS: { name: keyof MappingForm; label: string; example: string }[] = [
  { name: 'date', label: 'Date column', example: 'Date' },
  { name: 'narration', label: 'Narration column', example: 'Narration' },
  { name: 'reference', label: 'Reference / UTR column', example: 'Chq./Ref.No.' },
  { name: 'debit', label: 'Debit column', example: 'Withdrawal Amt.' },
  { name: 'credit', label: 'Credit column', example: 'Deposit Amt.' },
];

/** Each bank's statement columns: the header names as the bank's export writes them. */
export function BankMappingsTab() {
  const queryClient = useQueryClient();
  const mappings = useQuery({ queryKey: ['bank-mappings'], queryFn: fetchBankMappings });
  const [editing, setEditing] = useState<BankMapping | null>(null);
  const [form] = Form.useForm<MappingForm>();
  const save = useConfirmedAction(async (values: MappingForm, options) => {
    const saved = await saveBankMapping(
      {
        ...(editing ? { id: editing.id } : {}),
        bankName: values.bankName,
        date: values.date,
        narration: values.narration,
        reference: values.reference,
        debit: values.debit,
        credit: values.credit,
        balance: values.balance?.trim() ? values.balance : null,
        reason: values.reason,
      },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['bank-mappings'] });
    setEditing(null);
    form.resetFields();
    return saved;
  });
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Banks">
        {mappings.error ? <ErrorAlert error={mappings.error} /> : null}
        <Table<BankMapping>
          rowKey="id"
          size="small"
          pagination={false}
          loading={mappings.isFetching}
          dataSource={mappings.data?.items ?? []}
          locale={{ emptyText: 'No bank yet: add the columns of your bank below.' }}
          columns={[
            { title: 'Bank', dataIndex: 'bankName' },
            { title: 'Date', dataIndex: 'date' },
            { title: 'Narration', dataIndex: 'narration' },
            { title: 'Reference', dataIndex: 'reference' },
            { title: 'Debit', dataIndex: 'debit' },
            { title: 'Credit', dataIndex: 'credit' },
            { title: 'Balance', dataIndex: 'balance', render: (value: string | null) => value ?? '—' },
            {
              title: 'Changed',
              key: 'changed',
              render: (_, row) => `${row.updatedBy}, ${formatIstDateTime(row.updatedAt)}`,
            },
            {
              title: '',
              key: 'edit',
              render: (_, row) => (
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(row);
                    form.setFieldsValue({ ...row, balance: row.balance ?? '', reason: '' });
                  }}
                >
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title={editing ? `Change the columns of ${editing.bankName}` : 'Add a bank'}>
        {save.error ? <ErrorAlert title="Not saved" error={save.error} /> : null}
        {save.result ? <Alert type="success" showIcon title={`Saved: ${save.result.bankName}`} /> : null}
        <Form<MappingForm>
          form={form}
          layout="vertical"
          onFinish={(values) => save.ask(values)}
          style={{ maxWidth: 720 }}
        >
          <Form.Item name="bankName" label="Bank" rules={[{ required: true, max: 60 }]}>
            <Input placeholder="HDFC Bank" />
          </Form.Item>
          <div className="form-grid">
            {COLUMN_FIELDS.map((field) => (
              <Form.Item
                key={field.name}
                name={field.name}
                label={field.label}
                rules={[{ required: true, max: 80 }]}
              >
                <Input placeholder={field.example} />
              </Form.Item>
            ))}
            <Form.Item name="balance" label="Balance column (optional)" rules={[{ max: 80 }]}>
              <Input placeholder="Closing Balance" />
            </Form.Item>
          </div>
          <ReasonField />
          <Space>
            <Button type="primary" htmlType="submit">
              {editing ? 'Save the change' : 'Add the bank'}
            </Button>
            {editing ? (
              <Button
                onClick={() => {
                  setEditing(null);
                  form.resetFields();
                }}
              >
                Cancel
              </Button>
            ) : null}
          </Space>
        </Form>
      </Card>
      <ConfirmActionModal
        {...confirmDialogProps(save)}
        title={
          editing
            ? `Change the columns of ${editing.bankName}?`
            : `Add ${save.pendingValues?.bankName ?? ''}?`
        }
        okText="Save"
        reason={save.pendingValues?.reason}
      >
        <p>Statements of this bank are read with these header names from the next upload on.</p>
      </ConfirmActionModal>
    </Space>
  );
}
