import type { CallBody, CallData, CallPath } from './calls';
import { useApiQuery } from './hooks';

/** One server setting, as common/config answers it. */
export type ConfigEntry = CallData<'common/config'>[number];

export const CONFIG_PATH = 'common/config' satisfies CallPath;
export const CONFIG_BODY: CallBody<'common/config'> = { type: 'all' };

/** Server settings: the customer-service link (kefu), logo and title, and the legal texts. */
export function useAppConfig() {
  return useApiQuery(CONFIG_PATH, CONFIG_BODY, { staleTime: 5 * 60_000 });
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
