import type { config, DataOf } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { listPublicConfig } from '../../repositories/config.repository.js';

/** `{{broker_…}}` in a text: the broker's detail of that configuration entry (seed/legal-texts.ts). */
const BROKER_PLACEHOLDER = /\{\{(broker_[a-z_]+)\}\}/g;

/**
 * `common/config`: every public name/value pair (kefu, logo, title, agreement texts, ...). The
 * broker's details are filled into the texts that name them; a detail staff have not set reads
 * "[broker_…]", so the reader sees which setting is missing rather than an invented value.
 */
export async function readPublicConfig(deps: AppDeps): Promise<DataOf<typeof config>> {
  const entries = await listPublicConfig(deps.db);
  const values = new Map(entries.map((entry) => [entry.name, entry.value.trim()]));
  return entries.map((entry) => ({
    name: entry.name,
    value: entry.value.replace(BROKER_PLACEHOLDER, (_, name: string) => values.get(name) || `[${name}]`),
  }));
}
