import { Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-heading">
      <Typography.Title level={3}>{title}</Typography.Title>
      {children ? <Typography.Paragraph type="secondary">{children}</Typography.Paragraph> : null}
    </header>
  );
}
