import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/hooks';
import { changeLanguage, i18n } from '../i18n';
import type { Language } from '../i18n/language';

/** Renders a component with the app's providers, in the given language, at `path` (default /). */
export async function renderWithApp(
  ui: ReactElement,
  { language = 'en', path }: { language?: Language; path?: string } = {},
) {
  await changeLanguage(language);
  const queryClient = createQueryClient();
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter {...(path ? { initialEntries: [path] } : {})}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** A fetch reply with the server's envelope. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers every call with the same data in the server's success envelope. */
export function stubEveryCall(data: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => jsonResponse({ status: 1, data })),
  );
}

/** Answers every call with one page of the given items and no next page. */
export function stubOnePage(items: unknown[]): void {
  stubEveryCall({ items, nextCursor: null });
}
