import {
  addUserNote,
  type BodyOf,
  type DataOf,
  readUserFunds,
  readUserLoans,
  readUserNotes,
  readUserProfile,
  sendUserMessage,
  UPLOAD_READER_ROLES,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** The customer view's calls (docs/adr/0029-staff-administration-and-customer-view.md). */
export type UserProfile = DataOf<typeof readUserProfile>;
export type UserFundsPage = DataOf<typeof readUserFunds>;
export type UserFundRecord = UserFundsPage['items'][number];
export type UserLoan = DataOf<typeof readUserLoans>['items'][number];
export type UserNote = DataOf<typeof readUserNotes>['items'][number];
export type SendUserMessageBody = BodyOf<typeof sendUserMessage>;
export { UPLOAD_READER_ROLES };

export const fetchUserProfile = (userId: string, options?: CallOptions) =>
  call(readUserProfile, { userId }, options);

export const fetchUserFunds = (body: BodyOf<typeof readUserFunds>, options?: CallOptions) =>
  call(readUserFunds, body, options);

export const fetchUserLoans = (body: BodyOf<typeof readUserLoans>, options?: CallOptions) =>
  call(readUserLoans, body, options);

export const fetchUserNotes = (body: BodyOf<typeof readUserNotes>, options?: CallOptions) =>
  call(readUserNotes, body, options);

export const addNoteAboutUser = (body: BodyOf<typeof addUserNote>, options?: CallOptions) =>
  call(addUserNote, body, options);

export const sendMessageToUser = (body: SendUserMessageBody, options?: CallOptions) =>
  call(sendUserMessage, body, options);
