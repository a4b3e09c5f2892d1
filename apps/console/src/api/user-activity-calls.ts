import { type BodyOf, type DataOf, readUserMessages, readUserPositions } from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** An investor's orders and positions and notices on the user page (docs/api.md, "Users"). */
export type UserPositionsBody = BodyOf<typeof readUserPositions>;
export type UserPositionsPage = DataOf<typeof readUserPositions>;
export type UserPosition = UserPositionsPage['items'][number];
export type UserMessagesBody = BodyOf<typeof readUserMessages>;
export type UserMessagesPage = DataOf<typeof readUserMessages>;
export type UserMessage = UserMessagesPage['items'][number];

export const fetchUserPositions = (body: UserPositionsBody, options?: CallOptions) =>
  call(readUserPositions, body, options);

export const fetchUserMessages = (body: UserMessagesBody, options?: CallOptions) =>
  call(readUserMessages, body, options);
