import { describe, expect, it } from 'vitest';
import { reasonOnRecord } from './use-review-decision';

const decision = (approve: boolean, reason: string) => ({ approve, reason, payoutReference: '', item: {} });

describe('the reason a review confirmation shows', () => {
  it('is the reason given, to approve or to reject', () => {
    expect(reasonOnRecord(decision(true, 'matches the statement'))).toBe('matches the statement');
    expect(reasonOnRecord(decision(false, 'name mismatch'))).toBe('name mismatch');
  });

  it('says what an approval without a reason records', () => {
    expect(reasonOnRecord(decision(true, ''))).toBe('— (an approval records who and when)');
    expect(reasonOnRecord(decision(true, ''), '— (a verification records who and when)')).toBe(
      '— (a verification records who and when)',
    );
  });

  it('is empty while nothing waits for confirmation', () => {
    expect(reasonOnRecord(null)).toBeUndefined();
  });
});
