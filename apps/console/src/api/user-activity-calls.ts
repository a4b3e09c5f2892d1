import type { BodyOf, DataOf, readUserMessages, readUserPositions } from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';

/** An investor's orders and positions and notices on the user page (issue 9, item 4). */
export type UserPositionsBody = BodyOf<typeof readUserPositions>;
export type UserPositionsPage = DataOf<typeof readUserPositions>;
export type UserPosition = UserPositionsPage['items'][number];
export type UserMessagesBody = BodyOf<typeof readUserMessages>;
export type UserMessagesPage = DataOf<typeof readUserMessages>;
export type UserMessage = UserMessagesPage['items'][number];

export const fetchUserPositions = (body: UserPositionsBody, options?: CallOptions) =>
  callConsole<UserPositionsPage>('users/positions', body, options);

export const fetchUserMessages = (body: UserMessagesBody, options?: CallOptions) =>
  callConsole<UserMessagesPage>('users/messages', body, options);
