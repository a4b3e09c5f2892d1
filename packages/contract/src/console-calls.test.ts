import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { staffLogin, staffMe } from './calls/console.js';
import { placeOrder } from './calls/trade.js';
import { CONSOLE_CALLS } from './console-calls.js';
import {
  type ConsoleCallDefinition,
  defineCall,
  type InvestorCallDefinition,
  STAFF_ROLES,
} from './schema.js';

describe('the console calls of the contract', () => {
  it('each have their own path and name the staff roles they admit, or say they are public', () => {
    const paths = CONSOLE_CALLS.map((call) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const call of CONSOLE_CALLS) {
      if (call.roles === 'public') continue;
      expect(call.roles.length, call.path).toBeGreaterThan(0);
      for (const role of call.roles) expect(STAFF_ROLES, call.path).toContain(role);
    }
  });

  it('hold the console calls and no investor call', () => {
    expect(CONSOLE_CALLS).toContain(staffLogin);
    expect(CONSOLE_CALLS).toContain(staffMe);
    expect(CONSOLE_CALLS).not.toContain(placeOrder);
  });

  it('keep their roles in the type, so a call without roles is no console call', () => {
    const withRoles = defineCall({
      path: 'example/read',
      summary: 'An example console call.',
      body: Type.Object({}),
      data: Type.Null(),
      auth: true,
      mutates: false,
      roles: ['admin', 'finance'],
    });
    const withoutRoles = defineCall({
      path: 'example/read',
      summary: 'An example investor call.',
      body: Type.Object({}),
      data: Type.Null(),
      auth: true,
      mutates: false,
    });
    const consoleCall: ConsoleCallDefinition = withRoles;
    const investorCall: InvestorCallDefinition = withoutRoles;
    // @ts-expect-error a call without roles is not a console call
    const notConsole: ConsoleCallDefinition = withoutRoles;
    // @ts-expect-error a call with roles is not an investor call
    const notInvestor: InvestorCallDefinition = withRoles;
    expect([consoleCall.roles, investorCall.roles, notConsole.roles, notInvestor.roles]).toEqual([
      ['admin', 'finance'],
      undefined,
      undefined,
      ['admin', 'finance'],
    ]);
  });
});
