import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  addNoteAboutUser,
  fetchUserFunds,
  fetchUserLoans,
  fetchUserNotes,
  fetchUserProfile,
  type SendUserMessageBody,
  sendMessageToUser,
  UPLOAD_READER_ROLES,
  type UserFundRecord,
  type UserLoan,
  type UserNote,
  type UserProfile,
} from '../api/customer-view-calls';
import { newIdempotencyKey } from '../api/idempotency-key';
import { EvidenceImage } from '../reviews/EvidenceImage';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime, formatRupees } from '../shared/format';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { KYC_COLORS } from './UsersPage';

/**
 * The customer view's panels (docs/adr/0029-staff-administration-and-customer-view.md): identity
 * (KYC documents, payout accounts, devices), money (deposits, withdrawals, loans), notes staff add,
 * and a message to the investor.
 */

const PAGE = 20;
const STATE_COLORS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  posted: 'green',
  rejected: 'red',
  verified: 'green',
  outstanding: 'blue',
  repaid: 'default',
};

const money = (amount: string, currency: string) =>
  currency === 'INR' ? formatRupees(amount) : `${amount} ${currency}`;

/** Pages of a cursor list with a "Load more" button: every customer-view list can grow long. */
function useCursorList<T>(
  key: readonly unknown[],
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
) {
  const list = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const more = list.hasNextPage ? (
    <Button className="load-more" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
      Load more
    </Button>
  ) : null;
  return { list, rows, more };
}

export function useUserProfile(userId: string) {
  return useQuery({
    queryKey: ['user', userId, 'profile'],
    queryFn: ({ signal }) => fetchUserProfile(userId, { signal }),
  });
}

/** KYC state and every submission, with the documents for the roles that may read them. */
export function KycCard({
  profile,
  roles,
}: {
  profile: UserProfile | undefined;
  roles: readonly string[] | undefined;
}) {
  const mayReadDocuments =
    roles?.some((role) => (UPLOAD_READER_ROLES as readonly string[]).includes(role)) ?? false;
  const latest = profile?.kycSubmissions[0];
  return (
    <Card
      title="KYC"
      extra={profile ? <Tag color={KYC_COLORS[profile.kycStatus]}>{profile.kycStatus}</Tag> : null}
    >
      {!profile ? null : latest === undefined ? (
        <Typography.Text type="secondary">No KYC submitted yet.</Typography.Text>
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'name', label: 'Name on the document', children: latest.realName },
              { key: 'id', label: latest.idType === 'pan' ? 'PAN' : 'Aadhaar', children: latest.idNumber },
              { key: 'submitted', label: 'Submitted', children: formatIstDateTime(latest.submittedAt) },
              {
                key: 'reviewed',
                label: 'Reviewed',
                children: latest.reviewedAt === null ? 'Not yet' : formatIstDateTime(latest.reviewedAt),
              },
              ...(latest.rejectReason
                ? [{ key: 'reason', label: 'Rejected because', children: latest.rejectReason }]
                : []),
            ]}
          />
          {mayReadDocuments ? (
            <Space className="kyc-documents" size="large" align="start">
              <EvidenceImage uploadId={latest.frontImage} label="Front of the document" />
              <EvidenceImage uploadId={latest.backImage} label="Back of the document" />
            </Space>
          ) : (
            <Typography.Paragraph type="secondary">
              The document images are for admin, compliance and finance.
            </Typography.Paragraph>
          )}
          {profile.kycSubmissions.length > 1 ? (
            <Typography.Paragraph type="secondary">
              Earlier submissions:{' '}
              {profile.kycSubmissions
                .slice(1)
                .map((submission) => `${formatIstDateTime(submission.submittedAt)} ${submission.status}`)
                .join('; ')}
            </Typography.Paragraph>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** Bank cards and wallets the investor withdraws to (account numbers masked, as they see them). */
export function PayoutAccountsCard({ profile }: { profile: UserProfile | undefined }) {
  return (
    <Card title="Payout accounts">
      <Table
        size="small"
        rowKey="id"
        dataSource={profile?.payoutAccounts ?? []}
        loading={!profile}
        pagination={false}
        locale={{ emptyText: 'No bank card or wallet.' }}
        columns={[
          {
            title: 'Account',
            key: 'account',
            render: (_value, account) =>
              account.kind === 'bank'
                ? `${account.bankName ?? 'Bank'} ${account.accountNumber ?? ''} · ${account.ifsc ?? ''}`
                : `${account.network ?? 'Wallet'} ${account.address ?? ''}`,
          },
          { title: 'Holder', dataIndex: 'holderName', render: (name: string | null) => name ?? '—' },
          {
            title: 'Usable',
            dataIndex: 'usable',
            render: (usable: boolean, account) =>
              usable ? 'Yes' : `From ${formatIstDateTime(account.usableFrom)}`,
          },
          { title: 'Added', dataIndex: 'createdAt', render: (at: number) => formatIstDateTime(at) },
        ]}
      />
    </Card>
  );
}

/** The devices the investor signed in from (a fingerprint, not the device's name). */
export function DevicesCard({ profile }: { profile: UserProfile | undefined }) {
  return (
    <Card title="Devices">
      <Table
        size="small"
        rowKey="device"
        dataSource={profile?.devices ?? []}
        loading={!profile}
        pagination={false}
        locale={{ emptyText: 'No sign-in recorded yet.' }}
        columns={[
          {
            title: 'Device',
            dataIndex: 'device',
            render: (device: string) => <Typography.Text code>{device}</Typography.Text>,
          },
          { title: 'First seen', dataIndex: 'firstSeenAt', render: (at: number) => formatIstDateTime(at) },
          { title: 'Last seen', dataIndex: 'lastSeenAt', render: (at: number) => formatIstDateTime(at) },
        ]}
      />
    </Card>
  );
}

function FundRecordsTable({ userId, tab }: { userId: string; tab: 'recharge' | 'withdrawal' }) {
  const { list, rows, more } = useCursorList<UserFundRecord>(['user', userId, 'funds', tab], (cursor) =>
    fetchUserFunds({ userId, tab, limit: PAGE, ...(cursor ? { cursor } : {}) }),
  );
  return (
    <>
      {list.error ? <ErrorAlert error={list.error} /> : null}
      <Table<UserFundRecord>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: tab === 'recharge' ? 'No deposits.' : 'No withdrawals.' }}
        columns={[
          { title: 'No.', dataIndex: 'id', width: 70 },
          { title: 'Requested', dataIndex: 'createdAt', render: (at: number) => formatIstDateTime(at) },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: string, row) => (
              <span className="amount">
                {money(amount, row.currency)}
                {row.fee !== '0.00' ? ` (fee ${money(row.fee, row.currency)})` : ''}
              </span>
            ),
          },
          {
            title: tab === 'recharge' ? 'Channel' : 'To',
            dataIndex: 'detail',
            render: (detail: string | null) => detail ?? '—',
          },
          {
            title: 'UTR / reference',
            dataIndex: 'reference',
            render: (reference: string | null) => reference ?? '—',
          },
          {
            title: 'State',
            dataIndex: 'status',
            render: (status: string, row) => (
              <>
                <Tag color={STATE_COLORS[status]}>{status}</Tag>
                {row.rejectReason ? <div className="request-reason">“{row.rejectReason}”</div> : null}
              </>
            ),
          },
          {
            title: 'Decided',
            dataIndex: 'decidedAt',
            render: (at: number | null) => (at === null ? '—' : formatIstDateTime(at)),
          },
        ]}
      />
      {more}
    </>
  );
}

function LoansTable({ userId }: { userId: string }) {
  const { list, rows, more } = useCursorList<UserLoan>(['user', userId, 'loans'], (cursor) =>
    fetchUserLoans({ userId, limit: PAGE, ...(cursor ? { cursor } : {}) }),
  );
  return (
    <>
      {list.error ? <ErrorAlert error={list.error} /> : null}
      <Table<UserLoan>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No loans.' }}
        columns={[
          { title: 'Loan', dataIndex: 'id', width: 70 },
          { title: 'Applied', dataIndex: 'appliedAt', render: (at: number) => formatIstDateTime(at) },
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            render: (amount: string, loan) => `${formatRupees(amount)} · ${loan.termDays} days`,
          },
          {
            title: 'State',
            dataIndex: 'state',
            render: (state: string, loan) => (
              <>
                <Tag color={STATE_COLORS[state]}>{state}</Tag>
                {loan.isOverdue ? <Tag color="red">overdue</Tag> : null}
              </>
            ),
          },
          { title: 'Owed', dataIndex: 'owed', align: 'right', render: (owed: string) => formatRupees(owed) },
          {
            title: 'Repaid',
            dataIndex: 'repaid',
            align: 'right',
            render: (repaid: string) => formatRupees(repaid),
          },
          {
            title: 'Due',
            dataIndex: 'dueAt',
            render: (at: number | null) => (at === null ? '—' : formatIstDateTime(at)),
          },
        ]}
      />
      {more}
    </>
  );
}

/** Deposits, withdrawals and loans as the investor sees them, newest first. */
export function MoneyMovementsCard({ userId }: { userId: string }) {
  return (
    <Card title="Deposits, withdrawals and loans">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'deposits',
            label: 'Deposits',
            children: <FundRecordsTable userId={userId} tab="recharge" />,
          },
          {
            key: 'withdrawals',
            label: 'Withdrawals',
            children: <FundRecordsTable userId={userId} tab="withdrawal" />,
          },
          { key: 'loans', label: 'Loans', children: <LoansTable userId={userId} /> },
        ]}
      />
    </Card>
  );
}

/** Notes staff add about the investor (never shown to them); a note is never changed. */
export function NotesCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ note: string }>();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const { list, rows, more } = useCursorList<UserNote>(['user', userId, 'notes'], (cursor) =>
    fetchUserNotes({ userId, limit: PAGE, ...(cursor ? { cursor } : {}) }),
  );
  const add = useMutation({
    mutationFn: (note: string) => addNoteAboutUser({ userId, note }, { idempotencyKey }),
    onSuccess: () => {
      form.resetFields();
      setIdempotencyKey(newIdempotencyKey());
      void queryClient.invalidateQueries({ queryKey: ['user', userId, 'notes'] });
    },
  });
  return (
    <Card title="Notes by staff">
      <Form
        form={form}
        name="addNote"
        layout="vertical"
        onFinish={(values) => add.mutate(values.note.trim())}
      >
        <Form.Item
          name="note"
          label="Add a note"
          extra="Staff read it here; the investor never does. A note is kept as written: correct it with a new one."
          rules={[{ required: true, whitespace: true, message: 'Write the note' }]}
        >
          <Input.TextArea rows={2} maxLength={2000} showCount />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          Add note
        </Button>
      </Form>
      {add.error ? <ErrorAlert title="The note was not added" error={add.error} /> : null}
      {list.error ? <ErrorAlert error={list.error} /> : null}
      <Table<UserNote>
        className="section-table"
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No notes yet.' }}
        columns={[
          {
            title: 'Note',
            dataIndex: 'note',
            render: (note: string) => <span className="note-text">{note}</span>,
          },
          { title: 'By', dataIndex: 'staffName', width: 160 },
          {
            title: 'When',
            dataIndex: 'createdAt',
            width: 170,
            render: (at: number) => formatIstDateTime(at),
          },
        ]}
      />
      {more}
    </Card>
  );
}

type MessageValues = Omit<SendUserMessageBody, 'userId'>;

/** Sends the investor a message to their message centre, with a reason, after a confirmation. */
export function SendMessageCard({ userId, investorName }: { userId: string; investorName: string }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MessageValues>();
  const action = useConfirmedAction(async (values: MessageValues, options) => {
    const sent = await sendMessageToUser({ userId, ...values }, options);
    form.resetFields();
    void queryClient.invalidateQueries({ queryKey: ['user', userId, 'messages'] });
    return sent;
  });
  const pending = action.pendingValues;
  return (
    <Card title="Send a message">
      <Form<MessageValues>
        form={form}
        name="sendMessage"
        layout="vertical"
        onFinish={(values) =>
          action.ask({
            subject: values.subject.trim(),
            text: values.text.trim(),
            reason: values.reason.trim(),
          })
        }
      >
        <Form.Item
          name="subject"
          label="Subject"
          rules={[{ required: true, whitespace: true, message: 'Write a subject' }]}
        >
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item
          name="text"
          label="Message"
          rules={[{ required: true, whitespace: true, message: 'Write the message' }]}
        >
          <Input.TextArea rows={3} maxLength={2000} showCount />
        </Form.Item>
        <ReasonField />
        <Button type="primary" htmlType="submit">
          Send
        </Button>
      </Form>
      {action.error ? <ErrorAlert title="The message was not sent" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={`Sent at ${formatIstDateTime(action.result.sentAt)}: ${investorName} reads it in their message centre.`}
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`Send this message to ${investorName}?`}
        okText="Send"
        reason={pending?.reason}
      >
        <p>
          <strong>{pending?.subject}</strong>
        </p>
        <p>{pending?.text}</p>
      </ConfirmActionModal>
    </Card>
  );
}
