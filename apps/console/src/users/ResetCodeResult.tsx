import { Alert, Button, Typography } from 'antd';
import type { ResetCode } from '../api/console-calls';
import { formatIstDateTime } from '../shared/format';

/** The code, shown once: copy it now; it is not shown again after "Done". */
export function ResetCodeResult({ resetCode, onDone }: { resetCode: ResetCode; onDone: () => void }) {
  return (
    <Alert
      className="result-panel"
      type="success"
      showIcon
      title="Reset code issued"
      description={
        <>
          <Typography.Paragraph
            className="one-time-code"
            copyable={{ text: resetCode.code, tooltips: ['Copy code', 'Copied'] }}
            data-testid="reset-code"
          >
            {resetCode.code}
          </Typography.Paragraph>
          <Typography.Paragraph>
            Valid until {formatIstDateTime(resetCode.expiresAt)}, for one use. It is shown only here and only
            once.
          </Typography.Paragraph>
          <Button size="small" onClick={onDone}>
            Done
          </Button>
        </>
      }
    />
  );
}
