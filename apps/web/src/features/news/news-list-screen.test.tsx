import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../test/intersection-observer';
import { jsonResponse, renderWithApp } from '../../test/render';
import NewsListScreen from './news-list-screen';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, title: string) => ({
  id: String(id),
  title,
  coverUrl: null,
  summary: `Summary of ${title}`,
  publishedAt: Date.UTC(2026, 10, 23, 4, 30) - id * 60_000,
});

describe('the news list', () => {
  it('lists the news in the current language with links to their detail', async () => {
    const languages: string[] = [];
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (_input, init) => {
        languages.push(new Headers(init?.headers).get('lang') ?? '');
        bodies.push(JSON.parse(String(init?.body)));
        return jsonResponse({
          status: 1,
          msg: 'ok',
          data: { items: [item(2, 'बाज़ार में तेज़ी'), item(1, 'नया आईपीओ')], nextCursor: null },
        });
      }),
    );
    await renderWithApp(<NewsListScreen />, { language: 'hi' });
    const link = await screen.findByRole('link', { name: /बाज़ार में तेज़ी/ });
    expect(link.getAttribute('href')).toBe('/home/newsDetail?id=2');
    expect(screen.getByText('Summary of नया आईपीओ')).toBeTruthy();
    expect(languages[0]).toBe('hi');
    expect(bodies[0]).toEqual({ limit: 10 });
  });

  it('loads the next page by its cursor', async () => {
    // jsdom lays nothing out: the list's end is reported within reach, as on a short list.
    stubIntersectionObserver();
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (_input, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        const page = body.cursor
          ? { items: [item(1, 'Older story')], nextCursor: null }
          : { items: [item(2, 'Newer story')], nextCursor: '1' };
        return jsonResponse({ status: 1, msg: 'ok', data: page });
      }),
    );
    await renderWithApp(<NewsListScreen />);
    expect(await screen.findByText('Newer story')).toBeTruthy();
    // The list is short, so its end is in reach and the next page loads at once.
    expect(await screen.findByText('Older story')).toBeTruthy();
    await waitFor(() => expect(bodies).toContainEqual({ limit: 10, cursor: '1' }));
    expect(await screen.findByText("That's everything")).toBeTruthy();
  });

  it('shows the empty state when there is no news', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        jsonResponse({ status: 1, msg: 'ok', data: { items: [], nextCursor: null } }),
      ),
    );
    await renderWithApp(<NewsListScreen />);
    expect(await screen.findByText('No news yet')).toBeTruthy();
  });
});
