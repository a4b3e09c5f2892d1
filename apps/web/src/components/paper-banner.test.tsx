import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { setPaperBook } from '../api/paper-book';
import { clearSession, saveSession } from '../lib/session';
import { jsonResponse, renderWithApp } from '../test/render';
import { PaperBanner } from './paper-banner';

const status = (active: boolean) => ({
  active,
  hasAccount: active,
  startingCash: '10000000.00',
  resetCount: 0,
  openedAt: active ? 1_790_000_000_000 : null,
});

beforeEach(() => saveSession('token', '9876543210'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  setPaperBook(false);
});

describe('the paper banner', () => {
  it('says "Paper" above the screen while the session trades in paper, linking to the switch', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({ status: 1, msg: 'ok', data: status(true), book: 'paper' }),
      ),
    );
    await renderWithApp(<PaperBanner />);
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toBe('PaperPAPER TRADING · virtual money, real prices');
    expect(banner.getAttribute('href')).toBe('/information/paper');
  });

  it('speaks Hindi and Chinese', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({ status: 1, msg: 'ok', data: status(true), book: 'paper' }),
      ),
    );
    const { unmount } = await renderWithApp(<PaperBanner />, { language: 'hi' });
    expect((await screen.findByRole('status')).textContent).toContain('पेपर ट्रेडिंग');
    unmount();
    await renderWithApp(<PaperBanner />, { language: 'zh' });
    expect((await screen.findByRole('status')).textContent).toContain('模拟交易');
  });

  it('shows nothing in the real book, and appears as soon as any answer carries the paper mark', async () => {
    let paper = false;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({ status: 1, msg: 'ok', data: status(paper), ...(paper ? { book: 'paper' } : {}) }),
      ),
    );
    await renderWithApp(<PaperBanner />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).toBeNull();
    paper = true;
    await act(async () => {
      await call('trade/positions', { tab: 'holding' });
    });
    await waitFor(() => expect(screen.getByRole('status')).toBeTruthy());
    // Switching back (the paper call answers active: false) takes it away.
    paper = false;
    await act(async () => {
      await call('paper/switch', { book: 'real' });
    });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('shows nothing without a session', async () => {
    clearSession();
    setPaperBook(true);
    await renderWithApp(<PaperBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
