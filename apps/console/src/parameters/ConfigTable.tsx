import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Drawer, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type ConfigItem, fetchConfig, saveConfig } from '../api/console-calls';
import { mayPerform } from '../auth/staff-roles';
import { useStaffMe } from '../auth/use-staff-me';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { ReasonField } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { RoleNote } from '../shared/RoleNote';
import { confirmDialogProps, useConfirmedAction } from '../shared/use-confirmed-action';

const LONG_TEXT = /^(agreement|privacy)_/;

interface ConfigFormValues {
  value: string;
  reason: string;
}

/** Edits one configuration entry: the new value and a reason, confirmed. */
export function EditConfigDrawer({ item, onClose }: { item: ConfigItem | null; onClose: () => void }) {
  const me = useStaffMe();
  const allowed = mayPerform('updateConfig', me.data?.roles);
  const queryClient = useQueryClient();
  const action = useConfirmedAction(async (values: ConfigFormValues, options) => {
    const saved = await saveConfig(
      { name: item!.name, value: values.value, reason: values.reason.trim() },
      options,
    );
    await queryClient.invalidateQueries({ queryKey: ['config'] });
    return saved;
  });
  const pending = action.pendingValues;
  const isLong = item ? LONG_TEXT.test(item.name) : false;
  return (
    <Drawer
      open={item !== null}
      onClose={() => {
        action.dismissResult();
        onClose();
      }}
      size={isLong ? 720 : 560}
      title={item ? `Change ${item.name}` : ''}
      destroyOnHidden
    >
      {item ? (
        <>
          {me.data && !allowed ? <RoleNote action="updateConfig" /> : null}
          <Typography.Paragraph type="secondary">{item.description}</Typography.Paragraph>
          <Form<ConfigFormValues>
            name="editConfig"
            layout="vertical"
            initialValues={{ value: item.value }}
            disabled={!allowed}
            onFinish={action.ask}
          >
            <Form.Item
              name="value"
              label="Value"
              rules={[{ required: true, whitespace: true, message: 'Enter a value' }]}
            >
              {isLong ? (
                <Input.TextArea rows={12} maxLength={20_000} showCount />
              ) : (
                <Input maxLength={2_000} />
              )}
            </Form.Item>
            <ReasonField />
            <Button type="primary" htmlType="submit">
              Review change
            </Button>
          </Form>
          {action.error ? <ErrorAlert title="The setting was not changed" error={action.error} /> : null}
          {action.result ? (
            <Alert
              className="result-panel"
              type="success"
              showIcon
              title={`Saved: ${action.result.name} is live`}
            />
          ) : null}
          <ConfirmActionModal
            {...confirmDialogProps(action)}
            title={`Change ${item.name}?`}
            okText="Save setting"
            reason={pending?.reason}
          >
            <p>Every investor sees the new value at their next start of the app.</p>
            <pre className="config-preview">{pending?.value}</pre>
          </ConfirmActionModal>
        </>
      ) : null}
    </Drawer>
  );
}

/** The site's configuration: title, logo, customer service, agreement and privacy texts. */
export function ConfigTable() {
  const config = useQuery({ queryKey: ['config'], queryFn: () => fetchConfig() });
  const [editing, setEditing] = useState<string | null>(null);
  const items = config.data?.items ?? [];
  return (
    <Card>
      <div className="table-toolbar">
        <ExportCsvButton
          what="config"
          collect={async () => ({ rows: items, total: items.length, truncated: false })}
          columns={[
            { header: 'name', value: (item) => item.name },
            { header: 'value', value: (item) => item.value },
            { header: 'editable', value: (item) => item.editable },
          ]}
        />
      </div>
      {config.error ? <ErrorAlert error={config.error} /> : null}
      <Table<ConfigItem>
        rowKey="name"
        loading={config.isLoading}
        dataSource={items}
        pagination={false}
        columns={[
          { title: 'Name', dataIndex: 'name', width: 170, render: (name: string) => <code>{name}</code> },
          {
            title: 'Value',
            dataIndex: 'value',
            render: (value: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} className="config-value">
                {value || '—'}
              </Typography.Paragraph>
            ),
          },
          {
            title: 'Changed',
            dataIndex: 'updatedAt',
            width: 200,
            render: (at: number) => (at ? formatIstDateTime(at) : '—'),
          },
          {
            title: '',
            key: 'edit',
            width: 110,
            render: (_value, item) =>
              item.editable ? (
                <Button size="small" onClick={() => setEditing(item.name)} aria-label={`Change ${item.name}`}>
                  Change
                </Button>
              ) : (
                <Tag>Market → Feed</Tag>
              ),
          },
        ]}
      />
      <EditConfigDrawer
        item={items.find((item) => item.name === editing) ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
