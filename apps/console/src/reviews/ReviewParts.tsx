import { Alert, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatIstDateTime } from '../shared/format';

const STATE_COLORS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  verified: 'green',
  rejected: 'red',
};

export function StateTag({ state, by }: { state: string; by?: string | null }) {
  return (
    <Tag color={STATE_COLORS[state] ?? 'default'}>
      {state}
      {by ? ` by ${by}` : ''}
    </Tag>
  );
}

/** The investor a queue item belongs to. */
export interface Investor {
  userId: string;
  phone: string;
  realName: string | null;
}

/** The investor a queue item belongs to: name, phone and id. */
/** An investor in a sentence: the KYC name (else the phone), then the user id, never the id alone. */
export function investorLabel({ userId, phone, realName }: Investor): string {
  return `${realName ?? phone} (user ${userId})`;
}

export function InvestorCell({ userId, phone, realName }: Investor) {
  return (
    <>
      {/* The investor's customer view; a plain hash link, so the cell needs no router around it. */}
      <div>
        <Typography.Link href={`#/users/${userId}`}>
          {realName ?? <Typography.Text type="secondary">no KYC name</Typography.Text>}
        </Typography.Link>
      </div>
      <Typography.Text type="secondary">
        user {userId} · {phone}
      </Typography.Text>
    </>
  );
}

export function When({ atMs }: { atMs: number | null }) {
  return atMs === null ? null : <Typography.Text type="secondary">{formatIstDateTime(atMs)}</Typography.Text>;
}

/** The reason given with a decision, quoted: the investor reads it. */
export function RequestReason({ reason }: { reason: string | null }) {
  return reason ? <div className="request-reason">“{reason}”</div> : null;
}

/** What the last decision did, or the server's refusal (another staff member decided first). */
export function DecisionOutcome({ success, error }: { success: ReactNode | null; error: unknown }) {
  if (error) return null;
  if (!success) return null;
  return <Alert className="result-panel" type="success" showIcon title={success} />;
}
