import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test/render';
import { describeDevice, SignedInDevices } from './signed-in-devices';

afterEach(() => vi.unstubAllGlobals());

describe('signed-in devices', () => {
  it('names a device by browser and system only', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    expect(describeDevice(android, '?')).toBe('Chrome · Android');
    expect(describeDevice(null, 'Unknown device')).toBe('Unknown device');
  });

  it('signs out another device after a confirmation, never the current one', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        if (url.endsWith('user/revokeSession')) {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ status: 1, msg: 'ok', data: { revoked: true } });
        }
        return jsonResponse({
          status: 1,
          msg: 'ok',
          data: {
            items: [
              { id: '7', current: true, createdAt: 1, lastSeenAt: 2, ip: null, userAgent: null },
              {
                id: '5',
                current: false,
                createdAt: 1,
                lastSeenAt: 2,
                ip: null,
                userAgent: 'Firefox/130.0 (Windows NT 10.0)',
              },
            ],
          },
        });
      }),
    );
    await renderWithApp(<SignedInDevices />);
    const buttons = await screen.findAllByRole('button', { name: 'Sign out' });
    expect(buttons).toHaveLength(1);
    // The current device's name and its mark are one line of the stacked name (a line of their own,
    // " · this device" once began a line by itself).
    const mark = screen.getByText('· this device', { exact: false });
    expect(mark.parentElement?.textContent).toBe('Unknown device · this device');
    expect(mark.parentElement?.classList.contains('devices__name')).toBe(false);
    fireEvent.click(buttons[0]!);
    await waitFor(() => expect(bodies).toEqual([{ id: '5' }]));
  });
});
