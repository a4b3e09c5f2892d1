import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { CursorList } from '../shared/use-cursor-page';
import { CursorPager } from './CursorPager';

interface ReviewTableProps<T> {
  rows: readonly T[];
  loading: boolean;
  /** Said when no item is in the state the queue shows: "No deposit in this state." */
  emptyText: string;
  columns: TableColumnsType<T>;
  footer?: TableProps<T>['footer'];
  /** Queue tools (ADR 0032): the selection of items to decide in bulk, and a row's highlight. */
  rowSelection?: TableProps<T>['rowSelection'];
  rowClassName?: (row: T) => string;
}

/**
 * A review queue's table: one row an item, a fixed layout (each column keeps the width the queue
 * gives it, whatever the reasons and names in it) and no pages of its own: the server pages.
 */
export function ReviewTable<T extends { id: string }>(props: ReviewTableProps<T>) {
  return (
    <Table<T>
      className="section-table"
      rowKey="id"
      tableLayout="fixed"
      loading={props.loading}
      dataSource={props.rows}
      pagination={false}
      locale={{ emptyText: props.emptyText }}
      columns={props.columns}
      footer={props.footer}
      {...(props.rowSelection ? { rowSelection: props.rowSelection } : {})}
      {...(props.rowClassName ? { rowClassName: props.rowClassName } : {})}
    />
  );
}

/** A review queue the server pages by cursor: the page's items, then forward and back. */
export function CursorReviewTable<T extends { id: string }>({
  list,
  ...table
}: Omit<ReviewTableProps<T>, 'rows' | 'loading'> & { list: CursorList<T> }) {
  return (
    <>
      <ReviewTable<T> rows={list.query.data?.items ?? []} loading={list.query.isFetching} {...table} />
      <CursorPager list={list} />
    </>
  );
}
