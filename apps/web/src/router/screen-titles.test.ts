import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { SCREEN_ROUTES } from './screen-routes';

describe('the two money screens', () => {
  it('is named apart from the fund records in every language', async () => {
    const titleOf = (path: string) => SCREEN_ROUTES.find((route) => route.path === path)?.titleKey ?? '';
    for (const language of ['en', 'hi', 'zh']) {
      const statement = i18n.t(titleOf('/information/fundRecord'), { lng: language });
      const requests = i18n.t(titleOf('/information/fundRequests'), { lng: language });
      expect(statement).not.toBe(requests);
    }
    expect(i18n.t(titleOf('/information/fundRecord'), { lng: 'en' })).toBe('Account statement');
  });
});
