import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Radio,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { newIdempotencyKey } from '../api/idempotency-key';
import {
  type CreatedStaff,
  type CreateStaffBody,
  createStaffMember,
  fetchStaff,
  resetStaffSecondFactor,
  STAFF_ROLES,
  type StaffMemberRow,
  type StaffRoleName,
  setStaffActive,
  setStaffRoles,
} from '../api/staff-admin-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';

/** What each role opens, in the words of DESIGN.md section 7. */
export const ROLE_DESCRIPTIONS: Record<StaffRoleName, string> = {
  admin: 'everything, and staff administration',
  finance: 'deposits, withdrawals, ledger, money parameters',
  compliance: 'KYC, day trading, loans, market and calendar',
  support: 'users: flags, password reset codes, sessions',
  content: 'news, texts of the site, check-in rewards',
};

const ROLE_COLORS: Record<string, string> = {
  admin: 'magenta',
  finance: 'gold',
  compliance: 'blue',
  support: 'green',
  content: 'purple',
};

const STAFF_QUERY_KEY = ['staff', 'list'] as const;

type Act = 'roles' | 'disable' | 'enable' | 'resetTotp';

interface ActValues {
  roles?: StaffRoleName[];
  reason: string;
}

const ACT_TEXT: Record<Act, { title: (name: string) => string; ok: string; danger: boolean }> = {
  roles: { title: (name) => `Change the roles of ${name}`, ok: 'Change roles', danger: false },
  disable: { title: (name) => `Disable ${name}`, ok: 'Disable', danger: true },
  enable: { title: (name) => `Enable ${name} again`, ok: 'Enable', danger: false },
  resetTotp: {
    title: (name) => `Reset the second factor of ${name}`,
    ok: 'Reset second factor',
    danger: true,
  },
};

function consequenceOf(act: Act, member: StaffMemberRow): string {
  switch (act) {
    case 'roles':
      return `The new roles hold from ${member.displayName}'s next action; the menu they see follows them.`;
    case 'disable':
      return `${member.displayName} is signed out at once and cannot sign in until an admin enables them again. Their audit history stays.`;
    case 'enable':
      return `${member.displayName} can sign in again with their password and second factor.`;
    case 'resetTotp':
      return `${member.displayName}'s authenticator stops working and their sessions end; at their next sign-in (password first) they enrol a new one. Check who is asking before you do this.`;
  }
}

/** The roles as checkboxes; Form.Item gives it value and onChange. */
function RoleChoices(props: { value?: StaffRoleName[]; onChange?: (roles: StaffRoleName[]) => void }) {
  return (
    <Checkbox.Group<StaffRoleName> {...props} style={{ display: 'grid', gap: 6 }}>
      {STAFF_ROLES.map((role) => (
        <Checkbox key={role} value={role}>
          <strong>{role}</strong>{' '}
          <Typography.Text type="secondary">— {ROLE_DESCRIPTIONS[role]}</Typography.Text>
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}

const rolesRule = { required: true, type: 'array' as const, min: 1, message: 'Choose at least one role' };

/** One act on one member: the consequence restated, the reason asked, then done with one idempotency key. */
function StaffActModal({
  act,
  member,
  onClose,
  onDone,
}: {
  act: Act;
  member: StaffMemberRow;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form] = Form.useForm<ActValues>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const mutation = useMutation({
    mutationFn: async (values: ActValues): Promise<string> => {
      const reason = values.reason.trim();
      const options = { idempotencyKey };
      if (act === 'roles') {
        const changed = await setStaffRoles(
          { staffId: member.id, roles: values.roles ?? [], reason },
          options,
        );
        return `${member.displayName} now has the roles ${changed.roles.join(', ')}.`;
      }
      if (act === 'resetTotp') {
        const reset = await resetStaffSecondFactor({ username: member.username, reason }, options);
        return `The second factor of ${member.displayName} is reset; ${reset.sessionsRevoked} session(s) ended.`;
      }
      const done = await setStaffActive({ staffId: member.id, active: act === 'enable', reason }, options);
      return act === 'enable'
        ? `${member.displayName} is enabled again.`
        : `${member.displayName} is disabled; ${done.sessionsRevoked} session(s) ended.`;
    },
    onSuccess: onDone,
  });
  const text = ACT_TEXT[act];
  return (
    <Modal
      open
      title={text.title(member.displayName)}
      okText={text.ok}
      okButtonProps={{ danger: text.danger }}
      cancelText="Go back"
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={mutation.isPending ? undefined : onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {consequenceOf(act, member)} Staff member: <strong>{member.displayName}</strong> ({member.username}).
      </Typography.Paragraph>
      <Form<ActValues>
        form={form}
        name={`staff-${act}`}
        layout="vertical"
        initialValues={{ roles: member.roles }}
        onFinish={(values) => mutation.mutate(values)}
      >
        {act === 'roles' ? (
          <Form.Item name="roles" label="Roles" rules={[rolesRule]}>
            <RoleChoices />
          </Form.Item>
        ) : null}
        <ReasonField />
      </Form>
      {mutation.error ? <ErrorAlert title="Nothing was changed" error={mutation.error} /> : null}
    </Modal>
  );
}

interface CreateValues {
  username: string;
  displayName: string;
  roles: StaffRoleName[];
  passwordChoice: 'generated' | 'given';
  initialPassword?: string;
  reason: string;
}

const toCreateBody = (values: CreateValues): CreateStaffBody => ({
  username: values.username.trim().toLowerCase(),
  displayName: values.displayName.trim(),
  roles: values.roles,
  reason: values.reason.trim(),
  ...(values.passwordChoice === 'given' && values.initialPassword
    ? { initialPassword: values.initialPassword }
    : {}),
});

function CreateStaffModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedStaff) => void;
}) {
  const [form] = Form.useForm<CreateValues>();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const passwordChoice = Form.useWatch('passwordChoice', form);
  const mutation = useMutation({
    mutationFn: (values: CreateValues) => createStaffMember(toCreateBody(values), { idempotencyKey }),
    onSuccess: onCreated,
  });
  return (
    <Modal
      open
      width={620}
      title="Add a staff member"
      okText="Create staff member"
      cancelText="Go back"
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={mutation.isPending ? undefined : onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        The new member signs in with this username and password and enrols an authenticator at the first
        sign-in. Give the password in person; it is not shown again.
      </Typography.Paragraph>
      <Form<CreateValues>
        form={form}
        name="createStaff"
        layout="vertical"
        initialValues={{ passwordChoice: 'generated', roles: [] }}
        onFinish={(values) => mutation.mutate(values)}
      >
        <Form.Item
          name="username"
          label="Username"
          extra="3 to 40 of a-z, 0-9, dot, underscore, hyphen."
          normalize={(value: string) => value.toLowerCase()}
          rules={[
            { required: true, message: 'Enter a username' },
            { pattern: /^[a-z0-9._-]{3,40}$/, message: '3 to 40 of a-z 0-9 . _ -' },
          ]}
        >
          <Input autoComplete="off" maxLength={40} />
        </Form.Item>
        <Form.Item
          name="displayName"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Enter the name staff will see' }]}
        >
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="roles" label="Roles" rules={[rolesRule]}>
          <RoleChoices />
        </Form.Item>
        <Form.Item name="passwordChoice" label="Initial password">
          <Radio.Group
            options={[
              { value: 'generated', label: 'Make one for me (shown once)' },
              { value: 'given', label: 'I set it' },
            ]}
          />
        </Form.Item>
        {passwordChoice === 'given' ? (
          <Form.Item
            name="initialPassword"
            label="Password"
            rules={[
              { required: true, message: 'Enter the password' },
              {
                pattern: /^(?=.*[A-Za-z])(?=.*[0-9]).{10,}$/,
                message: 'At least 10 characters with a letter and a digit',
              },
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={128} />
          </Form.Item>
        ) : null}
        <ReasonField />
      </Form>
      {mutation.error ? <ErrorAlert title="No staff member was created" error={mutation.error} /> : null}
    </Modal>
  );
}

function CreatedNotice({ created, onClose }: { created: CreatedStaff; onClose: () => void }) {
  return (
    <Modal
      open
      title={`${created.member.displayName} can sign in`}
      okText="Done"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph>
        Username <Typography.Text code>{created.member.username}</Typography.Text>, roles{' '}
        {created.member.roles.join(', ')}.
      </Typography.Paragraph>
      {created.initialPassword ? (
        <Alert
          type="warning"
          showIcon
          title="The password, shown this once"
          description={
            <>
              <Typography.Text code copyable className="initial-password">
                {created.initialPassword}
              </Typography.Text>
              <div>Give it to them in person. It is not stored in clear and cannot be shown again.</div>
            </>
          }
        />
      ) : (
        <Typography.Paragraph>They sign in with the password you set.</Typography.Paragraph>
      )}
    </Modal>
  );
}

function stateOf(member: StaffMemberRow, nowMs: number) {
  if (!member.active)
    return (
      <Tag color="red">
        Disabled{member.disabledAt ? ` since ${formatIstDateTime(member.disabledAt)}` : ''}
      </Tag>
    );
  if (member.lockedUntil !== null && member.lockedUntil > nowMs)
    return <Tag color="orange">Locked until {formatIstDateTime(member.lockedUntil)}</Tag>;
  return <Tag color="green">Active</Tag>;
}

/** Admins' staff page (docs/adr/0029-staff-administration-and-customer-view.md). */
export function StaffPage() {
  const me = useStaffMe();
  const mayManage = mayPerform('manageStaff', me.data?.roles);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: STAFF_QUERY_KEY,
    queryFn: ({ signal }) => fetchStaff({ signal }),
    enabled: mayManage,
  });
  const [acting, setActing] = useState<{ act: Act; member: StaffMemberRow } | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedStaff | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STAFF_QUERY_KEY });
  const nowMs = Date.now();

  return (
    <>
      <PageHeading title="Staff">
        Add staff members, set their roles, disable them or reset their second factor. You never act on your
        own account: another admin does. Every act asks for a reason and is recorded in the audit log.
      </PageHeading>
      {me.data && !mayManage ? <RoleNote action="manageStaff" /> : null}
      {mayManage ? (
        <Card
          title="Staff members"
          extra={
            <Button type="primary" onClick={() => setCreating(true)}>
              Add a staff member
            </Button>
          }
        >
          {done ? (
            <Alert
              className="result-panel"
              type="success"
              showIcon
              closable
              title={done}
              onClose={() => setDone(null)}
            />
          ) : null}
          {list.error ? <ErrorAlert error={list.error} /> : null}
          <Table<StaffMemberRow>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.items ?? []}
            pagination={false}
            columns={[
              {
                title: 'Staff member',
                dataIndex: 'displayName',
                render: (name: string, member) => (
                  <Space direction="vertical" size={0}>
                    <strong>{name}</strong>
                    <Typography.Text type="secondary">
                      {member.username}
                      {member.isSelf ? ' · you' : ''}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: 'Roles',
                dataIndex: 'roles',
                render: (roles: string[]) =>
                  roles.map((role) => (
                    <Tag key={role} color={ROLE_COLORS[role]}>
                      {role}
                    </Tag>
                  )),
              },
              {
                title: 'Second factor',
                dataIndex: 'totpEnrolled',
                render: (enrolled: boolean) =>
                  enrolled ? (
                    'Enrolled'
                  ) : (
                    <Typography.Text type="warning">Enrols at first sign-in</Typography.Text>
                  ),
              },
              { title: 'State', key: 'state', render: (_value, member) => stateOf(member, nowMs) },
              {
                title: 'Last sign-in',
                dataIndex: 'lastSignInAt',
                render: (at: number | null) => (at === null ? 'Never' : formatIstDateTime(at)),
              },
              {
                title: 'Added by',
                dataIndex: 'createdBy',
                render: (by: string | null, member) => (
                  <Space direction="vertical" size={0}>
                    <span>{by ?? 'the server (command line)'}</span>
                    <Typography.Text type="secondary">{formatIstDateTime(member.createdAt)}</Typography.Text>
                  </Space>
                ),
              },
              {
                title: 'Acts',
                key: 'acts',
                render: (_value, member) =>
                  member.isSelf ? (
                    <Typography.Text type="secondary">
                      Your own account: another admin acts on it
                    </Typography.Text>
                  ) : (
                    <Space wrap>
                      <Button size="small" onClick={() => setActing({ act: 'roles', member })}>
                        Change roles
                      </Button>
                      {member.active ? (
                        <Button size="small" danger onClick={() => setActing({ act: 'disable', member })}>
                          Disable
                        </Button>
                      ) : (
                        <Button size="small" onClick={() => setActing({ act: 'enable', member })}>
                          Enable
                        </Button>
                      )}
                      <Button
                        size="small"
                        disabled={!member.totpEnrolled}
                        title={
                          member.totpEnrolled
                            ? undefined
                            : 'Nothing to reset: they enrol at the first sign-in'
                        }
                        onClick={() => setActing({ act: 'resetTotp', member })}
                      >
                        Reset second factor
                      </Button>
                    </Space>
                  ),
              },
            ]}
          />
        </Card>
      ) : null}
      {acting ? (
        <StaffActModal
          act={acting.act}
          member={acting.member}
          onClose={() => setActing(null)}
          onDone={(message) => {
            setActing(null);
            setDone(message);
            refresh();
          }}
        />
      ) : null}
      {creating ? (
        <CreateStaffModal
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
            refresh();
          }}
        />
      ) : null}
      {created ? <CreatedNotice created={created} onClose={() => setCreated(null)} /> : null}
    </>
  );
}
