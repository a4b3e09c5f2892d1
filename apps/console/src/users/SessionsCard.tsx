import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Table } from 'antd';
import { revokeSessions, type UserDetail } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

interface RevokeValues {
  sessionId: string;
  reason: string;
}

const ALL = 'all';

/** The investor's live sessions; support signs one or all of them out, with a reason. */
export function SessionsCard({ userId, sessions }: { userId: string; sessions: UserDetail['sessions'] }) {
  const me = useStaffMe();
  const allowed = mayPerform('revokeUserSession', me.data?.roles);
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (values: RevokeValues, options) => {
    const result = await revokeSessions(
      {
        userId,
        reason: values.reason.trim(),
        ...(values.sessionId === ALL ? {} : { sessionId: values.sessionId }),
      },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['user', userId] });
    await queryClient.invalidateQueries({ queryKey: ['console-list'] });
    return result;
  });
  const pending = action.pendingValues;
  return (
    <Card title={`Live sessions (${sessions.length})`}>
      <Table
        size="small"
        rowKey="id"
        dataSource={sessions}
        pagination={false}
        locale={{ emptyText: 'Not signed in anywhere.' }}
        columns={[
          { title: 'Session', dataIndex: 'id' },
          { title: 'Signed in', dataIndex: 'createdAt', render: (at: number) => formatIstDateTime(at) },
          { title: 'Last seen', dataIndex: 'lastSeenAt', render: (at: number) => formatIstDateTime(at) },
          { title: 'Address', dataIndex: 'ip' },
          { title: 'Device', dataIndex: 'userAgent', ellipsis: true },
        ]}
      />
      {allowed && sessions.length > 0 ? (
        <Form<RevokeValues>
          name="revokeSessions"
          layout="vertical"
          className="drawer-form"
          initialValues={{ sessionId: ALL }}
          onFinish={action.ask}
        >
          <Form.Item name="sessionId" label="Sign out">
            <Select
              style={{ width: 260 }}
              options={[
                { value: ALL, label: 'Every session' },
                ...sessions.map((session) => ({ value: session.id, label: `Session ${session.id}` })),
              ]}
            />
          </Form.Item>
          <ReasonField />
          <Button danger htmlType="submit">
            Sign out
          </Button>
        </Form>
      ) : null}
      {action.error ? <ErrorAlert title="Nothing was revoked" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={`Signed out of ${action.result.revoked} session(s)`}
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={
          pending?.sessionId === ALL
            ? 'Sign out of every session?'
            : `Sign out of session ${pending?.sessionId}?`
        }
        okText="Sign out"
        danger
        reason={pending?.reason}
      >
        <p>The investor must sign in again on that device.</p>
      </ConfirmActionModal>
    </Card>
  );
}
