import { issueResetCode, placeOrder, reverseLedgerEntry, staffMe } from '@nivesh/contract';
import { describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { ApiRefusal, call, describeError, SessionEndedError } from './client';
import { issuePasswordResetCode, reconcileLedger } from './console-calls';
import { readStaffToken } from './staff-token';

const refusal = (code: string, msg: string) => ({ status: 0, code, msg, params: {} });

describe('console API client', () => {
  it('answers the data of a success envelope and sends the session and language headers', async () => {
    sessionStorage.setItem('staffToken', 'token-1');
    const api = stubConsoleApi({ 'staff/me': ok({ id: '1' }) });

    await expect(call(staffMe, {})).resolves.toEqual({ id: '1' });
    expect(api.calls[0]?.path).toBe('staff/me');
    expect(api.calls[0]?.headers).toMatchObject({ 'x-staff-token': 'token-1', lang: 'en' });
    expect(api.calls[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('gives each state-changing submission a fresh idempotency key', async () => {
    sessionStorage.setItem('staffToken', 'token-1');
    const api = stubConsoleApi({ 'users/issueResetCode': ok({ code: '1', expiresAt: 0 }) });

    await issuePasswordResetCode({ userId: '1', reason: 'first' });
    await issuePasswordResetCode({ userId: '1', reason: 'second' });
    await issuePasswordResetCode({ userId: '1', reason: 'second' }, { idempotencyKey: 'repeat-key-1' });

    const keys = api.calls.map((call) => call.headers['idempotency-key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe('repeat-key-1');
  });

  it('throws a refusal with its code and message', async () => {
    stubConsoleApi({ 'ledger/reverse': { status: 200, body: refusal('ENTRY_NOT_FOUND', 'No such entry') } });

    const error = await call(reverseLedgerEntry, { entryId: '1', reason: 'duplicate posting' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiRefusal);
    expect((error as ApiRefusal).code).toBe('ENTRY_NOT_FOUND');
    expect(describeError(error)).toBe('No such entry');
  });

  it('drops the token on 401, so the app returns to sign-in', async () => {
    sessionStorage.setItem('staffToken', 'gone');
    stubConsoleApi({
      'ledger/reconcile': { status: 401, body: refusal('UNAUTHORIZED', 'Please log in again') },
    });

    await expect(reconcileLedger()).rejects.toBeInstanceOf(SessionEndedError);
    expect(readStaffToken()).toBeNull();
  });

  it('says on 403 that the role does not allow the action', async () => {
    sessionStorage.setItem('staffToken', 'support');
    stubConsoleApi({
      'ledger/reconcile': { status: 403, body: refusal('FORBIDDEN', 'You are not allowed to do this') },
    });

    const error = await reconcileLedger().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRefusal);
    expect(describeError(error)).toMatch(/role does not allow/);
    expect(readStaffToken()).toBe('support');
  });

  it('takes the body and answers the reply of the contract call, so a changed reply breaks the build', async () => {
    sessionStorage.setItem('staffToken', 'token-1');
    stubConsoleApi({ 'users/issueResetCode': ok({ code: '123456', expiresAt: 0 }) });

    const reply = await call(issueResetCode, { userId: '1', reason: 'locked out' });
    const code: string = reply.code;
    expect(code).toBe('123456');
    // The lines below must not compile; tsc fails the build when one of them does.
    const mistakes = () => [
      // @ts-expect-error the reply's code is a string
      reply.code satisfies number,
      // @ts-expect-error the body's userId is a decimal string
      call(issueResetCode, { userId: 1, reason: 'locked out' }),
      // @ts-expect-error an investor call is not a console call
      call(placeOrder, {}),
    ];
    expect(typeof mistakes).toBe('function');
  });
});
