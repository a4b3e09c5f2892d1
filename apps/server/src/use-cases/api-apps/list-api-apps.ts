import type { listApiApps as listApiAppsCall } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { listApiApps as listApps } from '../../repositories/api-app.repository.js';
import { toApiAppView } from './api-app-view.js';

export const listApiApps: InvestorUseCase<typeof listApiAppsCall> = async (deps, context) => ({
  items: (await listApps(deps.db, context.user.id)).map(toApiAppView),
});
