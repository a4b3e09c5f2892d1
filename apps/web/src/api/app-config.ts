import { useApiQuery } from './hooks';

/** One server setting, as common/config answers it. */
export interface ConfigEntry {
  name: string;
  value: string;
}

export const CONFIG_PATH = 'common/config';
export const CONFIG_BODY = { type: 'all' } as const;

/** Server settings: the customer-service link (kefu), logo and title, and the legal texts. */
export function useAppConfig() {
  return useApiQuery<ConfigEntry[]>(CONFIG_PATH, CONFIG_BODY, { staleTime: 5 * 60_000 });
}

export function findConfigValue(entries: readonly ConfigEntry[] | undefined, name: string): string {
  return entries?.find((entry) => entry.name === name)?.value ?? '';
}

/**
 * Whether market prices come from the built-in simulator. The server names its feed in the
 * setting market_feed; unless it says "live", the app assumes the simulator, so a simulated price
 * is never shown as a real one.
 */
export function isSimulatedMarket(entries: readonly ConfigEntry[] | undefined): boolean {
  return findConfigValue(entries, 'market_feed').toLowerCase() !== 'live';
}
