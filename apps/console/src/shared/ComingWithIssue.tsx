import { Empty } from 'antd';

/** An honest empty state for a part of the console that is not built yet: no made-up figures. */
export function ComingWithIssue({ what }: { what: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <strong>Comes with its issue.</strong> {what}
        </>
      }
    />
  );
}
