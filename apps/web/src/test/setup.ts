import '../app/antd-mobile-react19';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../i18n';

await initI18n('en');

afterEach(() => {
  cleanup();
  localStorage.clear();
});
