import { describe, expect, it } from 'vitest';
import { investorCalls } from './investor-calls';

describe('investorCalls', () => {
  it('names each call by its own path, so a typed call reaches the definition it is typed from', () => {
    for (const [path, definition] of Object.entries(investorCalls)) expect(definition.path).toBe(path);
  });

  it('holds investor calls only (a console call names its roles)', () => {
    for (const definition of Object.values(investorCalls)) expect('roles' in definition).toBe(false);
  });
});
