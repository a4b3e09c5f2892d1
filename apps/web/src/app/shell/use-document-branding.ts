import { useEffect } from 'react';
import { type ConfigEntry, findConfigValue } from '../../api/app-config';

/** The page title comes from the server's configuration (setting "title"). */
export function useDocumentBranding(entries: readonly ConfigEntry[] | undefined): void {
  const title = findConfigValue(entries, 'title');
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
