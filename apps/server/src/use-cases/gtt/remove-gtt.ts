import type { deleteGtt as deleteGttCall } from '@nivesh/contract';
import type { InvestorUseCase } from '../../application/context.js';
import { deleteGtt } from './delete-gtt.js';
import { toGttView } from './gtt-view.js';

/** gtt/delete: deletes an active GTT from the app's GTT list. */
export const removeGtt: InvestorUseCase<typeof deleteGttCall> = async (deps, context, input) =>
  toGttView(await deleteGtt(deps, context, BigInt(input.id)), context.language);
