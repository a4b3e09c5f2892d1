import { Button, Card, Col, DatePicker, Form, Input, Row } from 'antd';
import type { Dayjs } from 'dayjs';
import { createFollowProduct } from '../api/follow-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatRupees } from '../shared/format';
import { istMsOfPicked } from '../shared/ist-picker';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

interface CreateValues {
  name: string;
  description?: string;
  fundSize: string;
  minInvestment: string;
  copyUntil: Dayjs;
  endsAt: Dayjs;
  reason: string;
}

const RUPEES = /^\d{1,13}(\.\d{1,2})?$/;

/** Creates a product: its strategy account is funded with the fund size from the house capital. */
export function CreateProductCard({ disabled, onCreated }: { disabled: boolean; onCreated: () => void }) {
  const [form] = Form.useForm<CreateValues>();
  const create = useConfirmedAction((values: CreateValues, options) =>
    createFollowProduct(
      {
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        fundSize: values.fundSize,
        minInvestment: values.minInvestment,
        copyUntil: istMsOfPicked(values.copyUntil),
        endsAt: istMsOfPicked(values.endsAt),
        reason: values.reason.trim(),
      },
      options,
    ).then((created) => {
      form.resetFields();
      onCreated();
      return created;
    }),
  );
  const pending = create.pendingValues;
  return (
    <Card title="Create a product" className="section-card">
      {create.error ? <ErrorAlert error={create.error} /> : null}
      <Form<CreateValues>
        name="createFollowProduct"
        form={form}
        layout="vertical"
        disabled={disabled}
        onFinish={(values) => create.ask(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="name"
              label="Name"
              rules={[{ required: true, min: 2, max: 80, whitespace: true }]}
            >
              <Input maxLength={80} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="fundSize"
              label="Fund size (₹)"
              extra="The strategy account's capital"
              rules={[{ required: true, pattern: RUPEES, message: 'Rupees, at most 2 decimals' }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="minInvestment"
              label="Minimum investment (₹)"
              rules={[{ required: true, pattern: RUPEES, message: 'Rupees, at most 2 decimals' }]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="copyUntil"
              label="Invest before (copy time limit, IST)"
              rules={[{ required: true }]}
            >
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="endsAt" label="End time (IST)" rules={[{ required: true }]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="description" label="Description" rules={[{ max: 2000 }]}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <ReasonField />
          </Col>
        </Row>
        <Button type="primary" htmlType="submit">
          Create product
        </Button>
      </Form>
      <ConfirmActionModal
        {...confirmDialogProps(create)}
        title={`Create ${pending?.name ?? ''}?`}
        okText="Create and fund"
        reason={pending?.reason}
      >
        <p>
          A strategy account is opened and funded with {formatRupees(pending?.fundSize)} from the house
          strategy capital. Investors may invest at least {formatRupees(pending?.minInvestment)}.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
