import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { newIdempotencyKey } from '../api/idempotency-key';
import { deleteNews, fetchNews, type NewsFilter, type NewsItem } from '../api/review-calls';
import { CursorPager } from '../reviews/CursorPager';
import { ConfirmActionModal } from '../shared/ConfirmActionModal';
import { ErrorAlert } from '../shared/ErrorAlert';
import { ExportCsvButton } from '../shared/ExportCsvButton';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';
import { formatIstDateTime } from '../shared/format';
import { collectAllCursorPages, useCursorPage } from '../shared/use-cursor-page';
import { LANGUAGES, NewsEditor } from './NewsEditor';

function publication(item: NewsItem, nowMs: number) {
  if (item.publishedAt === null) return <Tag>draft</Tag>;
  if (item.publishedAt > nowMs)
    return <Tag color="blue">scheduled {formatIstDateTime(item.publishedAt)}</Tag>;
  return <Tag color="green">published {formatIstDateTime(item.publishedAt)}</Tag>;
}

/** News per language: drafts, scheduled and published items, newest first. */
export function NewsList() {
  const list = useCursorPage('news', fetchNews, {} as NewsFilter);
  const [editing, setEditing] = useState<NewsItem | 'new' | null>(null);
  // The idempotency key is made when the dialog opens: a double click on confirm is one withdrawal.
  const [withdrawing, setWithdrawing] = useState<{ item: NewsItem; key: string } | null>(null);
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: (target: { item: NewsItem; key: string; reason: string }) =>
      deleteNews(target.item.id, target.reason, { idempotencyKey: target.key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console-list', 'news'] }),
    onSuccess: () => setWithdrawing(null),
  });
  const reasonReady = reason.trim().length >= REASON_MIN_LENGTH;
  const items = list.query.data?.items ?? [];
  const nowMs = Date.now();
  return (
    <Card
      title="News"
      extra={
        <Space>
          <Segmented
            value={list.filter.language ?? 'all'}
            onChange={(value) => list.setFilter(value === 'all' ? {} : ({ language: value } as NewsFilter))}
            options={[
              { value: 'all', label: 'All languages' },
              ...LANGUAGES.map((l) => ({ value: l.value, label: l.value.toUpperCase() })),
            ]}
          />
          <ExportCsvButton
            what="news"
            collect={() => collectAllCursorPages(fetchNews, list.filter)}
            columns={[
              { header: 'id', value: (row: NewsItem) => row.id },
              { header: 'language', value: (row) => row.language },
              { header: 'title', value: (row) => row.title },
              { header: 'cover_url', value: (row) => row.coverUrl },
              {
                header: 'published_at',
                value: (row) => (row.publishedAt === null ? '' : new Date(row.publishedAt).toISOString()),
              },
              { header: 'updated_at', value: (row) => new Date(row.updatedAt).toISOString() },
            ]}
          />
          <Button type="primary" onClick={() => setEditing('new')}>
            Write news
          </Button>
        </Space>
      }
    >
      {list.query.error ? <ErrorAlert error={list.query.error} /> : null}
      <Table<NewsItem>
        className="section-table"
        rowKey="id"
        loading={list.query.isFetching}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'No news in this language yet.' }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          {
            title: 'Language',
            dataIndex: 'language',
            width: 100,
            render: (language: string) => <Tag>{language.toUpperCase()}</Tag>,
          },
          {
            title: 'Title',
            key: 'title',
            render: (_value, row) => (
              <>
                <div>{row.title}</div>
                <Typography.Text type="secondary">updated {formatIstDateTime(row.updatedAt)}</Typography.Text>
              </>
            ),
          },
          {
            title: 'Publication',
            key: 'publication',
            width: 300,
            render: (_v, row) => publication(row, nowMs),
          },
          {
            title: '',
            key: 'actions',
            width: 170,
            render: (_value, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)}>
                  Edit
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => {
                    setReason('');
                    withdraw.reset();
                    setWithdrawing({ item: row, key: newIdempotencyKey() });
                  }}
                >
                  Withdraw
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CursorPager list={list} />
      {editing ? (
        <NewsEditor item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmActionModal
        open={withdrawing !== null}
        title={`Withdraw news ${withdrawing?.item.id ?? ''}?`}
        okText="Withdraw"
        danger
        running={withdraw.isPending}
        reason={reason.trim() || undefined}
        onConfirm={() => {
          if (withdrawing && reasonReady) withdraw.mutate({ ...withdrawing, reason: reason.trim() });
        }}
        onCancel={() => setWithdrawing(null)}
      >
        <p>“{withdrawing?.item.title}” stops being shown to investors; the row stays for the audit log.</p>
        <Input
          aria-label="Reason for withdrawing"
          placeholder={`Reason (at least ${REASON_MIN_LENGTH} characters)`}
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          status={reason !== '' && !reasonReady ? 'error' : ''}
          onChange={(event) => setReason(event.target.value)}
        />
        {withdraw.error ? <ErrorAlert title="Not withdrawn" error={withdraw.error} /> : null}
        <br />
      </ConfirmActionModal>
    </Card>
  );
}
