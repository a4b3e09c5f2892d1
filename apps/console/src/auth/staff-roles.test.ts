import { reverseLedgerEntry } from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { mayPerform, ROLES_FOR, rolesSentence } from './staff-roles';

describe('the roles of console actions', () => {
  it('are the roles of the contract call behind each action', () => {
    expect(ROLES_FOR.reverseLedgerEntry).toBe(reverseLedgerEntry.roles);
  });

  it('admit a staff member holding one of them, and nobody without a session', () => {
    expect(mayPerform('reverseLedgerEntry', ['support', 'finance'])).toBe(true);
    expect(mayPerform('reverseLedgerEntry', ['support'])).toBe(false);
    expect(mayPerform('reverseLedgerEntry', undefined)).toBe(false);
  });

  it('read as a sentence for the note on a disabled action', () => {
    expect(rolesSentence('reverseLedgerEntry')).toBe('admin or finance');
    expect(rolesSentence('setFeed')).toBe('admin');
    expect(rolesSentence('setUserFlag')).toBe('admin, compliance or support');
  });
});
