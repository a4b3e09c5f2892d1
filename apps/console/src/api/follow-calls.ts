import type {
  BodyOf,
  DataOf,
  staffCancelStrategyOrder,
  staffCloseStrategyPosition,
  staffCreateFollowProduct,
  staffEndFollowProduct,
  staffListFollowProducts,
  staffPlaceStrategyOrder,
  staffStrategyPositions,
  staffTakeDownFollowProduct,
} from '@nivesh/contract';
import { type CallOptions, callConsole } from './client';
import { mutating } from './idempotency-key';

/** Copy-trading products and their strategy accounts (issue 11). */
export type StaffFollowProducts = DataOf<typeof staffListFollowProducts>;
export type StaffFollowProduct = StaffFollowProducts['items'][number];
export type CreateFollowProductBody = BodyOf<typeof staffCreateFollowProduct>;
export type EndFollowProductBody = BodyOf<typeof staffEndFollowProduct>;
export type TakeDownFollowProductBody = BodyOf<typeof staffTakeDownFollowProduct>;
export type StrategyOrderBody = BodyOf<typeof staffPlaceStrategyOrder>;
export type StrategyPositions = DataOf<typeof staffStrategyPositions>;
export type StrategyPosition = StrategyPositions['items'][number];

export const fetchFollowProducts = (body: BodyOf<typeof staffListFollowProducts> = {}) =>
  callConsole<StaffFollowProducts>('follow/products', body);

export const createFollowProduct = (body: CreateFollowProductBody, options?: CallOptions) =>
  callConsole<StaffFollowProduct>('follow/create', body, mutating(options));

export const endFollowProduct = (body: EndFollowProductBody, options?: CallOptions) =>
  callConsole<StaffFollowProduct>('follow/end', body, mutating(options));

export const takeDownFollowProduct = (body: TakeDownFollowProductBody, options?: CallOptions) =>
  callConsole<StaffFollowProduct>('follow/takeDown', body, mutating(options));

export const fetchStrategyPositions = (id: string) =>
  callConsole<StrategyPositions>('follow/strategyPositions', { id });

export const placeStrategyOrder = (body: StrategyOrderBody, options?: CallOptions) =>
  callConsole<StrategyPosition>('follow/strategyOrder', body, mutating(options));

export const closeStrategyPosition = (
  body: BodyOf<typeof staffCloseStrategyPosition>,
  options?: CallOptions,
) => callConsole<StrategyPosition>('follow/strategyClose', body, mutating(options));

export const cancelStrategyOrder = (body: BodyOf<typeof staffCancelStrategyOrder>, options?: CallOptions) =>
  callConsole<StrategyPosition>('follow/strategyCancel', body, mutating(options));
