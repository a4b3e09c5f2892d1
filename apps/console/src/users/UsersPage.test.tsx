import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { UsersPage } from './UsersPage';

const staff = (roles: string[]) => ({ id: '7', username: 'meera', displayName: 'Meera', roles });

describe('the Users page', () => {
  it('asks nothing of the server that a content member may not read (no refused call to audit)', async () => {
    sessionStorage.setItem('staffToken', 'content-token');
    const api = stubConsoleApi({ 'staff/me': ok(staff(['content'])) });
    renderWithProviders(<UsersPage />);
    expect(await screen.findByText('Needs the admin, finance, compliance or support role')).toBeTruthy();
    expect(api.callsTo('users/search')).toHaveLength(0);
    expect(api.callsTo('loans/quotaTable')).toHaveLength(0);
  });
});
