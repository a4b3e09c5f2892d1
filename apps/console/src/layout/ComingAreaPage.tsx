import { Card } from 'antd';
import type { ConsoleArea } from '../app/console-areas';
import { ComingWithIssue } from '../shared/ComingWithIssue';
import { PageHeading } from '../shared/PageHeading';

/** The page of an area that is not built yet. */
export function ComingAreaPage({ area }: { area: ConsoleArea }) {
  return (
    <>
      <PageHeading title={area.label} />
      <Card>
        <ComingWithIssue what={area.comesLater ?? ''} />
      </Card>
    </>
  );
}
