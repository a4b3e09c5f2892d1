import { Alert, Button, Card, Form, Radio, Select, Tag } from 'antd';
import { type SetUserFlagBody, setOrClearUserFlag, type UserFlagName } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField, UserIdField } from '../shared/form-fields';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { flagEndsSessions, flagLabel, USER_FLAGS } from './user-flags';

interface SetFlagValues {
  userId: string;
  flag: UserFlagName;
  change: 'set' | 'clear';
  reason: string;
}

const flagOptions = USER_FLAGS.map((flag) => ({ value: flag.value, label: flag.label }));

const toRequest = (values: SetFlagValues): SetUserFlagBody => ({
  userId: values.userId,
  flag: values.flag,
  set: values.change === 'set',
  reason: values.reason.trim(),
});

/** Sets or clears one account flag, with a reason; the answer is the account's flags after it. */
/** With `userId`, the card acts on that user (the user's page) and shows no id field. */
export function SetUserFlagCard({
  userId,
  investorName,
  onChanged,
}: {
  userId?: string;
  investorName?: string;
  onChanged?: () => void;
} = {}) {
  const me = useStaffMe();
  const allowed = mayPerform('setUserFlag', me.data?.roles);
  const action = useConfirmedAction(async (values: SetFlagValues, options) => {
    const flags = await setOrClearUserFlag(toRequest(values), options);
    onChanged?.();
    return flags;
  });
  const pending = action.pendingValues;
  const pendingVerb = pending?.change === 'clear' ? 'Clear' : 'Set';

  return (
    <Card title="Set or clear a flag">
      {me.data && !allowed ? <RoleNote action="setUserFlag" /> : null}
      <Form<SetFlagValues>
        name="setUserFlag"
        layout="vertical"
        initialValues={{ change: 'set' }}
        disabled={!allowed}
        onFinish={action.ask}
      >
        <UserIdField userId={userId} />
        <Form.Item name="flag" label="Flag" rules={[{ required: true, message: 'Choose a flag' }]}>
          <Select options={flagOptions} placeholder="Choose a flag" />
        </Form.Item>
        <Form.Item name="change" label="Change">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'set', label: 'Set the flag' },
              { value: 'clear', label: 'Clear the flag' },
            ]}
          />
        </Form.Item>
        <ReasonField />
        <Button type="primary" htmlType="submit">
          Apply
        </Button>
      </Form>
      {action.error ? <ErrorAlert title="The flag was not changed" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title="Flag updated"
          description={
            action.result.flags.length === 0 ? (
              'The account now has no flags.'
            ) : (
              <>
                The account's flags now:{' '}
                {action.result.flags.map((flag) => (
                  <Tag key={flag} color="red">
                    {flagLabel(flag)}
                  </Tag>
                ))}
              </>
            )
          }
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`${pendingVerb} the flag "${pending ? flagLabel(pending.flag) : ''}"?`}
        okText={`${pendingVerb} flag`}
        danger={pending?.change === 'set'}
        reason={pending?.reason}
      >
        <p>
          {pending?.change === 'clear' ? 'Clears' : 'Sets'} the flag on{' '}
          {investorName ? (
            <>
              <strong>{investorName}</strong> (user {pending?.userId})
            </>
          ) : (
            <>
              user <strong>{pending?.userId}</strong>
            </>
          )}
          .
          {pending?.change === 'set' && flagEndsSessions(pending.flag)
            ? ' Their open sessions end at once.'
            : ''}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
