import { Button, Space, Typography } from 'antd';
import type { CursorList } from '../shared/use-cursor-page';

/** Forward and back through a list the server pages by cursor (it gives no total). */
export function CursorPager({ list }: { list: CursorList<unknown> }) {
  return (
    <Space className="cursor-pager">
      <Typography.Text type="secondary">
        Page {list.pageNumber} · {list.query.data?.items.length ?? 0} shown
      </Typography.Text>
      <Button size="small" disabled={!list.hasPrevious} onClick={list.previous}>
        Previous
      </Button>
      <Button size="small" disabled={!list.hasNext} onClick={list.next}>
        Next
      </Button>
    </Space>
  );
}
