import type { listGtts as listGttsCall } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { listUserGtts } from '../../repositories/gtt.repository.js';
import { toGttView } from './gtt-view.js';

/** The investor's GTTs, newest first (gtt/list). */
export const listGtts: InvestorUseCase<typeof listGttsCall> = async (deps, context) => ({
  items: (await listUserGtts(deps.db, context.user.id)).map((gtt) => toGttView(gtt, context.language)),
});
