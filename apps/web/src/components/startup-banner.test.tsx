import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../test/render';
import { StartupBanner } from './startup-banner';

afterEach(() => vi.unstubAllGlobals());

describe('the start-up banner', () => {
  it('says the market history is being prepared, with the percentage, then goes when ready', async () => {
    let ready = false;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        ready
          ? jsonResponse({ status: 'ok', engineLeader: true })
          : jsonResponse({ status: 'starting', step: 'market history', percent: 45 }, 503),
      ),
    );
    await renderWithApp(<StartupBanner />);
    expect(
      await screen.findByText(
        "Preparing the market's price history (45%): prices and charts appear when it is done.",
      ),
    ).toBeTruthy();
    ready = true;
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 5_000 });
  });

  it('shows nothing on a server that is ready', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => jsonResponse({ status: 'ok', engineLeader: true })),
    );
    await renderWithApp(<StartupBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
