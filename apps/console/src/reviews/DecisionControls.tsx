import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../shared/form-fields';

export interface DecisionInput {
  approve: boolean;
  reason: string;
  payoutReference: string;
}

export interface DecisionControlsProps {
  /** Names the inputs for screen readers and tests: "KYC 12". */
  itemLabel: string;
  onDecide: (decision: DecisionInput) => void;
  /** The approval that completes a withdrawal needs the bank's payout reference. */
  needsPayoutReference?: boolean;
  approveText?: string;
  /** Why approving is not offered (the staff member approved first), instead of the button. */
  approveBlockedBecause?: string | undefined;
}

/**
 * The decision on one queue item: a reason (required to reject: the investor reads it; recorded
 * with an approval where the call takes one), the payout reference when the approval pays out,
 * and the two buttons. Both only ask: the queue confirms before calling the server.
 */
export function DecisionControls(props: DecisionControlsProps) {
  const [reason, setReason] = useState<string | undefined>(undefined);
  const [payoutReference, setPayoutReference] = useState('');
  const trimmed = (reason ?? '').trim();
  const reasonReady = trimmed.length >= REASON_MIN_LENGTH;
  const referenceReady = !props.needsPayoutReference || payoutReference.trim().length >= 3;
  const decide = (approve: boolean) =>
    props.onDecide({ approve, reason: trimmed, payoutReference: payoutReference.trim() });
  return (
    <div className="decision-controls">
      {props.needsPayoutReference && !props.approveBlockedBecause ? (
        <Input
          size="small"
          placeholder="Payout reference (bank UTR)"
          aria-label={`Payout reference for ${props.itemLabel}`}
          maxLength={80}
          value={payoutReference}
          onChange={(event) => setPayoutReference(event.target.value)}
        />
      ) : null}
      <Form.Item
        className="inline-decision"
        validateStatus={reason !== undefined && !reasonReady ? 'error' : ''}
        help={
          reason !== undefined && !reasonReady
            ? `A reason of at least ${REASON_MIN_LENGTH} characters to reject`
            : undefined
        }
      >
        <Input
          size="small"
          placeholder="Reason (needed to reject)"
          aria-label={`Reason for ${props.itemLabel}`}
          maxLength={REASON_MAX_LENGTH}
          value={reason ?? ''}
          onChange={(event) => setReason(event.target.value)}
        />
      </Form.Item>
      <Space size="small" wrap>
        {props.approveBlockedBecause ? (
          <span className="decision-note">{props.approveBlockedBecause}</span>
        ) : (
          <Button size="small" type="primary" disabled={!referenceReady} onClick={() => decide(true)}>
            {props.approveText ?? 'Approve'}
          </Button>
        )}
        <Button size="small" danger disabled={!reasonReady} onClick={() => decide(false)}>
          Reject
        </Button>
      </Space>
    </div>
  );
}
