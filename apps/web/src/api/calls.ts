import type { BodyOf, DataOf } from '@nivesh/contract';
import type { investorCalls } from './investor-calls';

/** Each investor call by its path: what `call`, `useApiQuery` and `useApiMutation` accept. */
export type InvestorCalls = typeof investorCalls;
export type CallPath = keyof InvestorCalls;
/** What a call takes, as the server validates it. */
export type CallBody<Path extends CallPath> = BodyOf<InvestorCalls[Path]>;
/** What a call answers in the envelope's `data`. */
export type CallData<Path extends CallPath> = DataOf<InvestorCalls[Path]>;
