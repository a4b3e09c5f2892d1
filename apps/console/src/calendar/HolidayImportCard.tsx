import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  type HolidayImportView,
  type ImportHolidaysBody,
  importHolidayList,
  previewHolidays,
} from '../api/back-office-screen-calls';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ReasonField } from '../shared/form-fields';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

const STATUS: Record<HolidayImportView['rows'][number]['status'], { color?: string; text: string }> = {
  new: { color: 'green', text: 'will be added' },
  exists: { text: 'already in' },
  weekend: { text: 'weekend' },
  past: { text: 'past' },
  special: { color: 'orange', text: 'special session' },
};
const FILE_BYTES_MAX = 20_000;

/**
 * A year's holiday list from the exchange's CSV (Date, Day, Description): read the file, preview what
 * each line does, then add the new holidays with a reason in one audited act. A malformed file is
 * refused with its line number and nothing is stored.
 */
export function HolidayImportCard({ thisYear }: { thisYear: number }) {
  const queryClient = useQueryClient();
  const [year, setYear] = useState(thisYear + 1);
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useMutation({
    mutationFn: (body: { year: number; csv: string }) => previewHolidays(body),
  });
  const action = useConfirmedAction(async (body: ImportHolidaysBody, options) => {
    const imported = await importHolidayList(body, options);
    await queryClient.invalidateQueries({ queryKey: ['console-list', 'calendar'] });
    preview.reset();
    return imported;
  });
  const readFile = async (chosen: File | undefined) => {
    setFile(null);
    preview.reset();
    action.dismissResult();
    setFileError(null);
    if (!chosen) return;
    if (chosen.size > FILE_BYTES_MAX) {
      setFileError(`${chosen.name} is larger than ${FILE_BYTES_MAX / 1000} kB: not a holiday list`);
      return;
    }
    const csv = await chosen.text();
    setFile({ name: chosen.name, csv });
    preview.mutate({ year, csv });
  };
  const rows = preview.data?.rows ?? [];
  const pending = action.pendingValues;
  return (
    <Card title="Import a year’s holiday list" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        The exchange’s CSV as published: columns Date (26-Jan-2027), Day and Description. Nothing is stored
        until you confirm; a wrong line refuses the whole file.
      </Typography.Paragraph>
      <Space wrap>
        <Select
          aria-label="Year of the list"
          value={year}
          onChange={(value) => {
            setYear(value);
            if (file) preview.mutate({ year: value, csv: file.csv });
          }}
          style={{ width: 100 }}
          options={[thisYear, thisYear + 1, thisYear + 2].map((value) => ({ value, label: String(value) }))}
        />
        <input
          type="file"
          accept=".csv,text/csv"
          aria-label="Holiday list file"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </Space>
      {fileError ? <Alert type="error" showIcon title={fileError} style={{ marginTop: 12 }} /> : null}
      {preview.error ? <ErrorAlert title="Not read" error={preview.error} /> : null}
      {preview.data ? (
        <>
          <Table
            style={{ marginTop: 12 }}
            size="small"
            rowKey="line"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: 'Line', dataIndex: 'line', width: 60 },
              { title: 'Date', dataIndex: 'date', width: 110 },
              { title: 'Day', dataIndex: 'day', width: 100 },
              { title: 'Description', dataIndex: 'description' },
              {
                title: 'Outcome',
                dataIndex: 'status',
                render: (status: keyof typeof STATUS) => (
                  <Tag color={STATUS[status].color}>{STATUS[status].text}</Tag>
                ),
              },
            ]}
          />
          {preview.data.newCount > 0 ? (
            <Form<{ reason: string }>
              layout="vertical"
              name="importHolidays"
              style={{ marginTop: 12 }}
              onFinish={(values) => action.ask({ year, csv: file!.csv, reason: values.reason.trim() })}
            >
              <ReasonField />
              <Button type="primary" htmlType="submit">
                Review {preview.data.newCount} new {preview.data.newCount === 1 ? 'holiday' : 'holidays'}
              </Button>
            </Form>
          ) : (
            <Alert
              style={{ marginTop: 12 }}
              type="info"
              showIcon
              title={`Every holiday of ${year} in the list is in the calendar already`}
            />
          )}
        </>
      ) : null}
      {action.error ? <ErrorAlert title="Not imported" error={action.error} /> : null}
      {action.result ? (
        <Alert
          className="result-panel"
          type="success"
          showIcon
          title={`Added ${action.result.newCount} holidays of ${action.result.year}: trading follows them at once`}
        />
      ) : null}
      <ConfirmActionModal
        {...confirmDialogProps(action)}
        title={`Add ${preview.data?.newCount ?? 0} holidays of ${pending?.year ?? ''} from ${file?.name ?? ''}?`}
        okText="Add to the calendar"
        danger
        reason={pending?.reason}
      >
        <p>
          The market stays closed on{' '}
          {rows
            .filter((row) => row.status === 'new')
            .map((row) => `${row.date} (${row.description})`)
            .join(', ')}
          : orders and withdrawals follow the calendar.
        </p>
      </ConfirmActionModal>
    </Card>
  );
}
