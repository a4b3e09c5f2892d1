import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { type Instrument, saveInstrument, type UpdateInstrumentBody } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { WholeNumberInput, wholeNumberRule } from '../shared/whole-number';

export const SEGMENTS = ['listed', 'otc', 'subscription', 'auction', 'crypto', 'forex'] as const;

interface InstrumentFormValues {
  tradable: boolean;
  shortable: boolean;
  leverages: number[];
  priceBandBps: number;
  tickSize: string;
  segment: Instrument['segment'];
  reason: string;
}

/** Only what changed is sent, so the audit row names exactly the fields that moved. */
export function instrumentChanges(
  instrument: Instrument,
  values: InstrumentFormValues,
): Omit<UpdateInstrumentBody, 'symbol' | 'reason'> {
  const changes: Omit<UpdateInstrumentBody, 'symbol' | 'reason'> = {};
  const leverages = [...new Set(values.leverages.map(Number))].sort((a, b) => a - b);
  if (values.tradable !== instrument.tradable) changes.tradable = values.tradable;
  if (values.shortable !== instrument.shortable) changes.shortable = values.shortable;
  if (leverages.join(',') !== instrument.leverages.join(',')) changes.leverages = leverages;
  if (values.priceBandBps !== instrument.priceBandBps) changes.priceBandBps = values.priceBandBps;
  if (values.tickSize.trim() !== instrument.tickSize) changes.tickSize = values.tickSize.trim();
  if (values.segment !== instrument.segment)
    changes.segment = values.segment as UpdateInstrumentBody['segment'];
  return changes;
}

const describeChanges = (changes: object) =>
  Object.entries(changes)
    .map(([field, value]) => `${field}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');

/** Changes an instrument's trading terms with a reason (compliance or admin). */
export function EditInstrumentDrawer({
  instrument,
  onClose,
}: {
  instrument: Instrument | null;
  onClose: () => void;
}) {
  const me = useStaffMe();
  const allowed = mayPerform('updateInstrument', me.data?.roles);
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (values: InstrumentFormValues, options) => {
    const saved = await saveInstrument(
      { symbol: instrument!.symbol, ...instrumentChanges(instrument!, values), reason: values.reason.trim() },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'instruments'] });
    return saved;
  });
  const pending = action.pendingValues;
  return (
    <Drawer
      open={instrument !== null}
      onClose={() => {
        action.dismissResult();
        onClose();
      }}
      size={560}
      title={instrument ? `${instrument.symbol} · ${instrument.name}` : ''}
      destroyOnHidden
    >
      {instrument ? (
        <>
          {me.data && !allowed ? <RoleNote action="updateInstrument" /> : null}
          <Form<InstrumentFormValues>
            name="editInstrument"
            layout="vertical"
            disabled={!allowed}
            initialValues={{ ...instrument, reason: '' }}
            onFinish={action.ask}
          >
            <Space size="large">
              <Form.Item name="tradable" label="Tradable" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="shortable" label="Shortable" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="segment" label="Segment">
                <Select style={{ width: 160 }} options={SEGMENTS.map((value) => ({ value, label: value }))} />
              </Form.Item>
            </Space>
            <Form.Item
              name="leverages"
              label="Leverages allowed"
              rules={[
                { required: true, type: 'array', min: 1, message: 'At least one leverage' },
                {
                  validator: async (_rule, value: unknown[]) => {
                    if (
                      (value ?? []).some(
                        (item) =>
                          !/^[0-9]{1,3}$/.test(String(item)) || Number(item) < 1 || Number(item) > 100,
                      )
                    ) {
                      throw new Error('Whole numbers from 1 to 100');
                    }
                  },
                },
              ]}
            >
              <Select mode="tags" tokenSeparators={[',', ' ']} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="priceBandBps"
              label="Daily price band (bps)"
              extra="1000 bps = ±10%. Above 0, at most 10000 (100%)."
              rules={[
                { required: true, message: 'From 1 to 10000 bps' },
                wholeNumberRule({ min: 1, max: 10_000, message: 'From 1 to 10000 bps' }),
              ]}
            >
              <WholeNumberInput style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="tickSize"
              label="Tick size (₹)"
              rules={[
                {
                  required: true,
                  pattern: /^[0-9]{1,6}(\.[0-9]{1,2})?$/,
                  message: 'Rupees, at most 2 decimals',
                },
              ]}
            >
              <Input style={{ width: 160 }} prefix="₹" />
            </Form.Item>
            <ReasonField />
            <Button type="primary" htmlType="submit">
              Review change
            </Button>
          </Form>
          {action.error ? <ErrorAlert title="The instrument was not changed" error={action.error} /> : null}
          {action.result ? (
            <Alert className="result-panel" type="success" showIcon title={`${action.result.symbol} saved`} />
          ) : null}
          <ConfirmActionModal
            {...confirmDialogProps(action)}
            title={`Change ${instrument.symbol}?`}
            okText="Save instrument"
            danger={pending?.tradable === false && instrument.tradable}
            reason={pending?.reason}
          >
            <Typography.Paragraph>
              {pending ? describeChanges(instrumentChanges(instrument, pending)) || 'Nothing changed.' : ''}
            </Typography.Paragraph>
          </ConfirmActionModal>
        </>
      ) : null}
    </Drawer>
  );
}
