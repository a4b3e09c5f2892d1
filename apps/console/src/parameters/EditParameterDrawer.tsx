import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { type ParameterItem, saveParameter } from '../api/console-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';
import { ParameterHistory } from './ParameterHistory';
import {
  apiValueOf,
  bpsAsPercent,
  describeParameterValue,
  formValuesOf,
  type ParameterFormValues,
} from './parameter-values';

const CLOCK_RULE = { pattern: /^([01][0-9]|2[0-4]):[0-5][0-9]$/, message: 'A time HH:MM, 00:00 to 24:00' };
const MONEY_RULE = {
  pattern: /^[0-9]{1,13}(\.[0-9]{1,2})?$/,
  message: 'Rupees with at most 2 decimals, e.g. 100000 or 250.50',
};

function ValueFields({ item }: { item: ParameterItem }) {
  switch (item.kind) {
    case 'count':
    case 'bps':
      return (
        <Form.Item
          name="number"
          label={`New value (${item.unit})`}
          rules={[{ required: true, message: 'Enter a whole number' }, wholeNumberRule({})]}
          extra={item.min && item.max ? `From ${item.min} to ${item.max}.` : undefined}
        >
          <WholeNumberInput style={{ width: 220 }} />
        </Form.Item>
      );
    case 'money':
      return (
        <Form.Item
          name="text"
          label="New amount (₹)"
          rules={[{ required: true, message: 'Enter an amount' }, MONEY_RULE]}
        >
          <Input inputMode="decimal" prefix="₹" style={{ width: 260 }} />
        </Form.Item>
      );
    case 'clock':
      return (
        <Form.Item
          name="text"
          label="New time (IST)"
          rules={[{ required: true, message: 'Enter a time' }, CLOCK_RULE]}
        >
          <Input placeholder="HH:MM" style={{ width: 140 }} />
        </Form.Item>
      );
    case 'window':
      return (
        <Space size="middle" align="start">
          <Form.Item
            name="start"
            label="Starts (IST)"
            rules={[{ required: true, message: 'Enter a time' }, CLOCK_RULE]}
          >
            <Input placeholder="HH:MM" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="end"
            label="Ends (IST)"
            rules={[{ required: true, message: 'Enter a time' }, CLOCK_RULE]}
          >
            <Input placeholder="HH:MM" style={{ width: 120 }} />
          </Form.Item>
        </Space>
      );
    case 'choice':
      return (
        <Form.Item name="choice" label="New value" rules={[{ required: true, message: 'Choose a value' }]}>
          <Select
            options={item.choices.map((choice) => ({ value: choice, label: choice }))}
            style={{ width: 280 }}
          />
        </Form.Item>
      );
    default:
      return (
        <Form.Item name="enabled" label="New value" valuePropName="checked">
          <Switch checkedChildren="On" unCheckedChildren="Off" />
        </Form.Item>
      );
  }
}

interface EditParameterDrawerProps {
  item: ParameterItem | null;
  mayEdit: boolean;
  mayReadHistory: boolean;
  onClose: () => void;
}

/** Changes one parameter: the new value and a reason, then a confirmation that repeats both. */
export function EditParameterDrawer({ item, mayEdit, mayReadHistory, onClose }: EditParameterDrawerProps) {
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (values: ParameterFormValues, options) => {
    const saved = await saveParameter(
      { name: item!.name, value: apiValueOf(item!.kind, values), reason: values.reason.trim() },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['parameters'] });
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'parameter-history'] });
    return saved;
  });
  const pending = action.pendingValues;
  const close = () => {
    action.dismissResult();
    onClose();
  };

  return (
    <Drawer
      open={item !== null}
      onClose={close}
      size={560}
      title={item ? `Change ${item.label}` : ''}
      destroyOnHidden
    >
      {item ? (
        <>
          <Typography.Paragraph type="secondary">{item.description}</Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'name', label: 'Name', children: <Typography.Text code>{item.name}</Typography.Text> },
              { key: 'now', label: 'Now', children: describeParameterValue(item, item.value) },
              { key: 'default', label: 'Default', children: describeParameterValue(item, item.defaultValue) },
              { key: 'editors', label: 'Who may change it', children: item.editors.join(', ') },
            ]}
          />
          <Form<ParameterFormValues>
            name="editParameter"
            layout="vertical"
            className="drawer-form"
            initialValues={formValuesOf(item)}
            disabled={!mayEdit}
            onFinish={action.ask}
          >
            <ValueFields item={item} />
            <ReasonField />
            <Button type="primary" htmlType="submit">
              Review change
            </Button>
          </Form>
          {action.error ? <ErrorAlert title="The parameter was not changed" error={action.error} /> : null}
          {action.result ? (
            <Alert
              className="result-panel"
              type="success"
              showIcon
              title="Saved: effective at once"
              description={`${action.result.label} is now ${describeParameterValue(action.result, action.result.value)}.`}
            />
          ) : null}
          {mayReadHistory ? <ParameterHistory name={item.name} /> : null}
          <ConfirmActionModal
            {...confirmDialogProps(action)}
            title={`Change ${item.label}?`}
            okText="Change parameter"
            reason={pending?.reason}
          >
            <p>
              From <strong>{describeParameterValue(item, item.value)}</strong> to{' '}
              <strong>
                {pending ? describeParameterValue(item, apiValueOf(item.kind, pending)) : ''}
                {pending && item.kind === 'bps' && typeof pending.number === 'number'
                  ? ` = ${bpsAsPercent(pending.number)}`
                  : ''}
              </strong>
              . It applies to the next action that reads it.
            </p>
          </ConfirmActionModal>
        </>
      ) : null}
    </Drawer>
  );
}
