import type { config, DataOf } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';
import { listPublicConfig } from '../../repositories/config.repository.js';

/** `common/config`: every public name/value pair (kefu, logo, title, agreement texts, ...). */
export async function readPublicConfig(deps: AppDeps): Promise<DataOf<typeof config>> {
  return listPublicConfig(deps.db);
}
