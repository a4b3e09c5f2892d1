import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, stubConsoleApi } from '../test/fake-console-api';
import { renderWithProviders } from '../test/render-with-providers';
import { RoleNote } from './RoleNote';

const ALL_ROLES = ['admin', 'finance', 'compliance', 'support', 'content'];
const staff = (roles: string[]) => ({ id: '1', username: 'admin', displayName: 'Admin', roles });

describe('the role note', () => {
  beforeEach(() => sessionStorage.setItem('staffToken', 'token'));

  it('tells nothing to an admin holding every role: the form works', async () => {
    const api = stubConsoleApi({ 'staff/me': ok(staff(ALL_ROLES)) });
    renderWithProviders(
      <>
        <RoleNote action="manageIpo" />
        <p>form</p>
      </>,
    );
    await screen.findByText('form');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('staff/me').length).toBeGreaterThan(0);
    expect(screen.queryByText(/^Needs the/)).toBeNull();
  });

  it('says why a form is disabled to staff whose roles do not admit it', async () => {
    stubConsoleApi({ 'staff/me': ok(staff(['support'])) });
    renderWithProviders(<RoleNote action="manageIpo" />);
    expect(await screen.findByText(/^Needs the .* role$/)).toBeTruthy();
  });
});
