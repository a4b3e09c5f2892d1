import type { config, DataOf } from '@nivesh/contract';
import type { AppDeps } from '../../application/context.js';

/** `common/config`: every public name/value pair (kefu, logo, title, agreement texts, ...). */
export async function readPublicConfig(deps: AppDeps): Promise<DataOf<typeof config>> {
  return deps.db
    .selectFrom('config_entries')
    .select(['name', 'value'])
    .where('is_public', '=', true)
    .orderBy('name')
    .execute();
}
