import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, DatePicker, Drawer, Form, Input, Radio, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type NewsItem, type SaveNewsBody, saveNews } from '../api/review-calls';
import { ErrorAlert } from '../shared/ErrorAlert';
import { formatIstDateTime } from '../shared/format';
import { HtmlPreview } from './HtmlPreview';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'हिन्दी (Hindi)' },
  { value: 'zh', label: '中文 (Chinese)' },
] as const;

type Publishing = 'draft' | 'now' | 'at';
interface EditorValues {
  language: SaveNewsBody['language'];
  title: string;
  coverUrl?: string;
  bodyHtml: string;
  publishing: Publishing;
  publishAt?: Dayjs;
}

function initialValues(item: NewsItem | null): EditorValues {
  if (!item) return { language: 'en', title: '', bodyHtml: '', publishing: 'draft' };
  return {
    language: item.language as SaveNewsBody['language'],
    title: item.title,
    ...(item.coverUrl ? { coverUrl: item.coverUrl } : {}),
    bodyHtml: item.bodyHtml,
    publishing: item.publishedAt === null ? 'draft' : 'at',
    ...(item.publishedAt === null ? {} : { publishAt: dayjs(item.publishedAt) }),
  };
}

/**
 * Writes or edits a news item. The preview shows the text as typed (sandboxed) and, once saved,
 * the body as the server sanitised and stored it: what investors will read.
 */
export function NewsEditor({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const [form] = Form.useForm<EditorValues>();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<NewsItem | null>(item);
  // The body as sent with the last save: the server's sanitised copy stands for it until it is edited.
  const [sentBody, setSentBody] = useState<string | null>(item?.bodyHtml ?? null);
  const typedBody = Form.useWatch('bodyHtml', form) ?? item?.bodyHtml ?? '';
  const publishing = Form.useWatch('publishing', form) ?? 'draft';
  const typedCover = (Form.useWatch('coverUrl', form) ?? item?.coverUrl ?? '').trim();
  // Saving is not destructive (a draft stays hidden; an edit is audited): no confirmation step.
  const save = useMutation({
    mutationFn: (body: SaveNewsBody) => saveNews(body),
    onSuccess: async (answer, body) => {
      setSaved(answer);
      setSentBody(body.bodyHtml);
      await queryClient.invalidateQueries({ queryKey: ['console-list', 'news'] });
    },
  });
  const submit = (values: EditorValues) => {
    const publishAt =
      values.publishing === 'draft'
        ? null
        : values.publishing === 'now'
          ? Date.now()
          : (values.publishAt?.valueOf() ?? null);
    const body: SaveNewsBody = {
      language: values.language,
      title: values.title.trim(),
      coverUrl: values.coverUrl?.trim() ? values.coverUrl.trim() : null,
      bodyHtml: values.bodyHtml,
      publishAt,
      ...(saved ? { id: saved.id } : {}),
    };
    save.mutate(body);
  };
  const changedSinceSave = saved !== null && typedBody !== sentBody;
  return (
    <Drawer
      open
      size={1040}
      title={saved ? `News ${saved.id}` : 'New news item'}
      onClose={onClose}
      destroyOnHidden
    >
      <Row gutter={24}>
        <Col span={12}>
          <Form<EditorValues>
            form={form}
            layout="vertical"
            name="newsEditor"
            initialValues={initialValues(item)}
            onFinish={submit}
          >
            <Form.Item name="language" label="Language" rules={[{ required: true }]}>
              <Select options={[...LANGUAGES]} />
            </Form.Item>
            <Form.Item
              name="title"
              label="Title"
              rules={[
                { required: true, whitespace: true, message: 'Give the item a title' },
                { max: 200, message: 'At most 200 characters' },
              ]}
            >
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item
              name="coverUrl"
              label="Cover image URL"
              rules={[{ pattern: /^https:\/\/\S+$/, message: 'An https:// address' }]}
            >
              <Input placeholder="https://…" maxLength={500} />
            </Form.Item>
            <Form.Item
              name="bodyHtml"
              label="Body (HTML)"
              extra="Formatting tags, links and https images; scripts, styles, frames and event handlers are removed on save."
              rules={[{ required: true, whitespace: true, message: 'Write the body' }]}
            >
              <Input.TextArea rows={12} maxLength={100_000} className="html-source" />
            </Form.Item>
            <Form.Item name="publishing" label="Publishing">
              <Radio.Group
                options={[
                  { value: 'draft', label: 'Draft (not shown)' },
                  { value: 'now', label: 'Publish now' },
                  { value: 'at', label: 'Publish at' },
                ]}
              />
            </Form.Item>
            {publishing === 'at' ? (
              <Form.Item
                name="publishAt"
                label="Publish time"
                rules={[{ required: true, message: 'Pick the time' }]}
              >
                <DatePicker showTime format="YYYY-MM-DD HH:mm" />
              </Form.Item>
            ) : null}
            {save.error ? <ErrorAlert title="Not saved" error={save.error} /> : null}
            {save.data ? (
              <Alert
                className="result-panel"
                type="success"
                showIcon
                title={`Saved news ${save.data.id}: ${
                  save.data.publishedAt === null
                    ? 'a draft'
                    : `published from ${formatIstDateTime(save.data.publishedAt)}`
                }`}
              />
            ) : null}
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Form>
        </Col>
        <Col span={12}>
          <Typography.Title level={5}>
            {saved && !changedSinceSave
              ? 'As saved (sanitised by the server)'
              : 'Preview of the text as typed'}
          </Typography.Title>
          {changedSinceSave || !saved ? (
            <Typography.Paragraph type="secondary">
              Not saved yet: the server sanitises the body on save, and this shows what it kept.
            </Typography.Paragraph>
          ) : null}
          {typedCover ? (
            <Typography.Paragraph type="secondary" className="cover-note">
              Cover: {typedCover}. Outside images are not loaded here: the console's content-security policy
              admits only its own.
            </Typography.Paragraph>
          ) : null}
          <HtmlPreview title="News preview" html={saved && !changedSinceSave ? saved.bodyHtml : typedBody} />
        </Col>
      </Row>
    </Drawer>
  );
}
