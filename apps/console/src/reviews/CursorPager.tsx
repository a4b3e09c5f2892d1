import { Button, Space, Typography } from 'antd';

interface CursorPagerProps {
  pageNumber: number;
  shown: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

/** Forward and back through a list the server pages by cursor (it gives no total). */
export function CursorPager(props: CursorPagerProps) {
  return (
    <Space className="cursor-pager">
      <Typography.Text type="secondary">
        Page {props.pageNumber} · {props.shown} shown
      </Typography.Text>
      <Button size="small" disabled={!props.hasPrevious} onClick={props.onPrevious}>
        Previous
      </Button>
      <Button size="small" disabled={!props.hasNext} onClick={props.onNext}>
        Next
      </Button>
    </Space>
  );
}
