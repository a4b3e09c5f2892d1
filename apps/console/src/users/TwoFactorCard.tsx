import {
  type BodyOf,
  type ConsoleCallDefinition,
  confirmTwoFactorReset,
  requestTwoFactorReset,
  staffUserTwoFactor,
} from '@nivesh/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Tag } from 'antd';
import { type CallOptions, call } from '../api/client';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

type ReasonOnly = { reason: string };

/**
 * An investor's second factor (docs/adr/0022-investor-two-factor.md): whether it is on, and its
 * reset for a lost phone: one staff member asks with a reason, a different one confirms.
 */
export function TwoFactorCard({ userId }: { userId: string }) {
  const me = useStaffMe();
  const allowed = mayPerform('resetTwoFactor', me.data?.roles);
  const queryClient = useQueryClient();
  const queryKey = ['user-two-factor', userId];
  const state = useQuery({
    queryKey,
    queryFn: () => call(staffUserTwoFactor, { userId }),
    enabled: allowed,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const [form] = Form.useForm<ReasonOnly>();
  const pendingReset = state.data?.pendingReset ?? null;
  const isOwnRequest = pendingReset !== null && pendingReset.requestedBy === me.data?.username;
  const act = <C extends ConsoleCallDefinition>(
    definition: C,
    body: BodyOf<C>,
    options: CallOptions,
  ): Promise<unknown> =>
    call(definition, body, options).finally(() => {
      refresh();
      form.resetFields();
    });
  const action = useConfirmedAction<ReasonOnly, unknown>((values, options) =>
    pendingReset
      ? act(confirmTwoFactorReset, { requestId: pendingReset.id, reason: values.reason.trim() }, options)
      : act(requestTwoFactorReset, { userId, reason: values.reason.trim() }, options),
  );

  return (
    <Card title="Second factor (2FA)">
      {me.data && !allowed ? <RoleNote action="resetTwoFactor" /> : null}
      {state.error ? <ErrorAlert error={state.error} /> : null}
      {state.data ? (
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'state',
              label: 'Two-factor sign-in',
              children: state.data.enabled ? <Tag color="green">on</Tag> : <Tag>off</Tag>,
            },
            {
              key: 'since',
              label: 'Since',
              children: state.data.enabledAt ? formatIstDateTime(state.data.enabledAt) : '—',
            },
            { key: 'codes', label: 'Recovery codes left', children: state.data.recoveryCodesLeft },
            {
              key: 'reset',
              label: 'Last reset',
              children: state.data.lastResetAt ? formatIstDateTime(state.data.lastResetAt) : 'never',
            },
          ]}
        />
      ) : null}
      {pendingReset ? (
        <Alert
          className="section-table"
          type="warning"
          showIcon
          message={`Reset asked by ${pendingReset.requestedBy} on ${formatIstDateTime(pendingReset.requestedAt)}`}
          description={`${pendingReset.reason}. ${isOwnRequest ? 'Another staff member must confirm it.' : 'Confirm only after checking the reason yourself.'}`}
        />
      ) : null}
      {state.data && (state.data.enabled || pendingReset) ? (
        <Form<ReasonOnly>
          form={form}
          name="twoFactorReset"
          layout="vertical"
          disabled={!allowed || isOwnRequest}
          onFinish={action.ask}
        >
          <ReasonField />
          <Button type="primary" danger htmlType="submit">
            {pendingReset ? 'Confirm reset' : 'Ask to reset'}
          </Button>
        </Form>
      ) : null}
      {action.error ? <ErrorAlert title="Nothing was reset" error={action.error} /> : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pendingReset
            ? "Confirm the reset of this investor's second factor?"
            : "Ask to reset this investor's second factor?"
        }
        okText={pendingReset ? 'Confirm reset' : 'Ask to reset'}
        reason={action.pendingValues?.reason}
      >
        <p>
          {pendingReset
            ? 'Their authenticator and recovery codes stop working, every session ends, they are told, and withdrawals pause for the payout cooling-off hours.'
            : 'Nothing changes until a different staff member confirms. Ask only after the account holder proved who they are.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
