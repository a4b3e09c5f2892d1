import { Form, Input, Modal, Typography } from 'antd';
import type { LoanItem } from '../api/loan-calls';
import { ReasonField } from '../shared/form-fields';
import { formatRupees } from '../shared/format';

export interface RepaymentValues {
  amount: string;
  reference: string;
  reason: string;
}

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * The staff-assisted repayment behind "repayment only by contacting customer service": finance
 * records money the broker received outside the platform for this loan (a bank transfer), with the
 * bank's reference. It never touches the investor's cash, and never more than is owed.
 */
export function LoanRepaymentModal({
  loan,
  onSubmit,
  onCancel,
}: {
  loan: LoanItem | null;
  onSubmit: (values: RepaymentValues) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<RepaymentValues>();
  return (
    <Modal
      open={loan !== null}
      title={`Record a repayment received for loan ${loan?.id ?? ''}`}
      okText="Continue"
      cancelText="Go back"
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Owed now {formatRupees(loan?.owed)} (interest of days that ended is charged first). Record only money
        the broker has received, matched against the bank statement: it clears{' '}
        <code>house_deposits_clearing</code> into the investor's <code>loan_payable</code>.
      </Typography.Paragraph>
      <Form<RepaymentValues>
        form={form}
        name="loanRepayment"
        layout="vertical"
        preserve={false}
        onFinish={(values) =>
          onSubmit({ ...values, amount: values.amount.trim(), reference: values.reference.trim() })
        }
      >
        <Form.Item
          name="amount"
          label="Amount received (₹)"
          rules={[
            { required: true, whitespace: true, message: 'Enter the amount received' },
            { pattern: AMOUNT, message: 'Rupees with at most 2 decimals' },
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" maxLength={16} />
        </Form.Item>
        <Form.Item
          name="reference"
          label="Bank reference (UTR)"
          rules={[
            { required: true, whitespace: true, message: 'Enter the bank’s reference' },
            { min: 3, max: 100, message: '3 to 100 characters' },
          ]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <ReasonField />
      </Form>
    </Modal>
  );
}
