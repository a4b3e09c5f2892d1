import { removeCalendarDay } from '@nivesh/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../api/client';
import {
  type AddCalendarDayBody,
  addCalendarDayWithDescription,
  type CalendarDay,
  fetchCalendarDays,
} from '../api/review-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { PageHeading } from '../shared/PageHeading';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';
import { HolidayImportCard } from './HolidayImportCard';

const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const WEEKDAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });

/** The IST year now: the calendar's dates are IST dates. */
function istYear(nowMs: number): number {
  return new Date(nowMs + 330 * 60_000).getUTCFullYear();
}

interface AddForm {
  date: Dayjs;
  kind: 'holiday' | 'special';
  opensAt?: string;
  closesAt?: string;
  description: string;
}

function AddDayCard() {
  const [form] = Form.useForm<AddForm>();
  const kind = Form.useWatch('kind', form) ?? 'holiday';
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (body: AddCalendarDayBody, options) => {
    const day = await addCalendarDayWithDescription(body, options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'calendar'] });
    form.resetFields();
    return day;
  });
  const pending = action.pendingValues;
  return (
    <Card title="Add a holiday or special session">
      <Form<AddForm>
        form={form}
        layout="vertical"
        name="addCalendarDay"
        initialValues={{ kind: 'holiday' }}
        onFinish={(values) =>
          action.ask({
            date: values.date.format('YYYY-MM-DD'),
            kind: values.kind,
            ...(values.kind === 'special'
              ? { opensAt: values.opensAt?.trim(), closesAt: values.closesAt?.trim() }
              : {}),
            description: values.description.trim(),
          } as AddCalendarDayBody)
        }
      >
        <Form.Item name="kind" label="Kind">
          <Radio.Group
            options={[
              { value: 'holiday', label: 'Holiday (closed)' },
              { value: 'special', label: 'Special session' },
            ]}
          />
        </Form.Item>
        <Form.Item name="date" label="Date (IST)" rules={[{ required: true, message: 'Pick the date' }]}>
          <DatePicker format="YYYY-MM-DD" />
        </Form.Item>
        {kind === 'special' ? (
          <Space>
            <Form.Item
              name="opensAt"
              label="Opens (IST)"
              rules={[
                { required: true, message: 'HH:MM' },
                { pattern: CLOCK, message: 'HH:MM' },
              ]}
            >
              <Input placeholder="18:15" style={{ width: 100 }} maxLength={5} />
            </Form.Item>
            <Form.Item
              name="closesAt"
              label="Closes (IST)"
              rules={[
                { required: true, message: 'HH:MM' },
                { pattern: CLOCK, message: 'HH:MM' },
              ]}
            >
              <Input placeholder="19:15" style={{ width: 100 }} maxLength={5} />
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item
          name="description"
          label="Description (the circular)"
          rules={[
            { required: true, whitespace: true, message: 'Say what the day is' },
            {
              min: 3,
              max: 200,
              message: '3 to 200 characters',
              transform: (value?: string) => value?.trim(),
            },
          ]}
        >
          <Input maxLength={200} placeholder="Diwali Laxmi Pujan (NSE circular …)" />
        </Form.Item>
        {action.error ? <ErrorAlert title="Not added" error={action.error} /> : null}
        {action.result ? (
          <Alert
            className="result-panel"
            type="success"
            showIcon
            title={`Added ${action.result.kind} on ${action.result.date}: trading follows it at once`}
          />
        ) : null}
        <Button type="primary" htmlType="submit">
          Review addition
        </Button>
      </Form>
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`Add a ${pending?.kind === 'special' ? 'special session' : 'holiday'} on ${pending?.date ?? ''}?`}
        okText="Add to the calendar"
        danger
        reason={pending?.description}
      >
        <p>
          {pending?.kind === 'special'
            ? `The market opens ${pending.opensAt} to ${pending.closesAt} IST that day. A staff row cannot be removed here.`
            : 'The market stays closed that day: orders and withdrawals follow the calendar. A staff row cannot be removed here.'}
        </p>
      </ConfirmActionModal>
    </Card>
  );
}

/**
 * Removes a day staff added (one wrong date closes the market), with a reason, after confirming;
 * built-in days have no control (the server refuses them with HOLIDAY_NOT_REMOVABLE).
 */
function RemoveDayCell({ day }: { day: CalendarDay }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const action = useConfirmedAction(async (body: { date: string; reason: string }, options) => {
    const removed = await call(removeCalendarDay, body, options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'calendar'] });
    return removed;
  });
  const ready = reason.trim().length >= REASON_MIN_LENGTH;
  return (
    <>
      {action.error ? <ErrorAlert title="Not removed" error={action.error} /> : null}
      <Space.Compact>
        <Input
          size="small"
          placeholder="Reason"
          aria-label={`Reason to remove ${day.date}`}
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button
          size="small"
          danger
          disabled={!ready}
          onClick={() => action.ask({ date: day.date, reason: reason.trim() })}
        >
          Remove
        </Button>
      </Space.Compact>
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`Remove ${day.date} (${day.description})?`}
        okText="Remove the day"
        danger
        reason={action.pendingValues?.reason}
      >
        <p>
          {day.kind === 'holiday'
            ? `The market opens on ${day.date} as on any trading day.`
            : `The special session of ${day.date} is cancelled.`}
        </p>
      </ConfirmActionModal>
    </>
  );
}

/** The NSE trading calendar: built-in holidays and sessions and the ones staff added. */
export function CalendarPage() {
  const me = useStaffMe();
  const thisYear = istYear(Date.now());
  const [year, setYear] = useState(thisYear);
  const days = useQuery({
    queryKey: ['console-list', 'calendar', year],
    queryFn: () => fetchCalendarDays(year),
  });
  const rows = days.data?.days ?? [];
  const mayAdd = mayPerform('addCalendarDay', me.data?.roles);
  return (
    <>
      <PageHeading title="Trading calendar">
        Holidays and special sessions of the NSE, IST. A staff row on a built-in date is the one used.
      </PageHeading>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Card
            title={`Days of ${year}`}
            extra={
              <Space>
                <Select
                  aria-label="Year"
                  value={year}
                  onChange={setYear}
                  style={{ width: 100 }}
                  options={[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((value) => ({
                    value,
                    label: String(value),
                  }))}
                />
                <ExportCsvButton
                  what={`calendar-${year}`}
                  collect={async () => ({ rows, total: rows.length, truncated: false })}
                  columns={[
                    { header: 'date', value: (row: CalendarDay) => row.date },
                    { header: 'kind', value: (row) => row.kind },
                    { header: 'opens_at', value: (row) => row.opensAt },
                    { header: 'closes_at', value: (row) => row.closesAt },
                    { header: 'description', value: (row) => row.description },
                    { header: 'source', value: (row) => row.source },
                    { header: 'added_by', value: (row) => row.addedBy },
                  ]}
                />
              </Space>
            }
          >
            {days.error ? <ErrorAlert error={days.error} /> : null}
            <Table<CalendarDay>
              className="section-table"
              rowKey={(row) => `${row.date}-${row.source}-${row.kind}`}
              size="small"
              loading={days.isFetching}
              dataSource={rows}
              pagination={false}
              locale={{ emptyText: 'No holiday or special session this year.' }}
              columns={[
                {
                  title: 'Date',
                  dataIndex: 'date',
                  width: 130,
                  render: (date: string) => (
                    <span className="nowrap">
                      {date} <span className="weekday">{WEEKDAY.format(new Date(`${date}T00:00:00Z`))}</span>
                    </span>
                  ),
                },
                {
                  title: 'Kind',
                  key: 'kind',
                  width: 150,
                  render: (_value, row) =>
                    row.kind === 'holiday' ? (
                      <Tag>holiday</Tag>
                    ) : (
                      <Tag color="blue">
                        special {row.opensAt}–{row.closesAt}
                      </Tag>
                    ),
                },
                { title: 'Description', dataIndex: 'description' },
                {
                  title: 'Source',
                  key: 'source',
                  width: 140,
                  render: (_value, row) =>
                    row.source === 'default' ? (
                      <Tag>built-in</Tag>
                    ) : (
                      <span title={row.addedAt ? formatIstDateTime(row.addedAt) : undefined}>
                        <Tag color="purple">staff</Tag>
                        {row.addedBy}
                      </span>
                    ),
                },
                ...(mayAdd
                  ? [
                      {
                        title: 'Remove',
                        key: 'remove',
                        width: 220,
                        render: (_value: unknown, row: CalendarDay) =>
                          row.source === 'staff' ? <RemoveDayCell day={row} /> : null,
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          {mayAdd ? <AddDayCard /> : me.data ? <RoleNote action="addCalendarDay" /> : null}
          {mayPerform('importHolidays', me.data?.roles) ? <HolidayImportCard thisYear={thisYear} /> : null}
        </Col>
      </Row>
    </>
  );
}
