import {
  type BodyOf,
  type DataOf,
  staffCancelStrategyOrder,
  staffCloseStrategyPosition,
  staffCreateFollowProduct,
  staffEndFollowProduct,
  staffListFollowProducts,
  staffPlaceStrategyOrder,
  staffStrategyPositions,
  staffTakeDownFollowProduct,
} from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** Copy-trading products and their strategy accounts (docs/adr/0014-copy-trading.md). */
export type StaffFollowProducts = DataOf<typeof staffListFollowProducts>;
export type StaffFollowProduct = StaffFollowProducts['items'][number];
export type CreateFollowProductBody = BodyOf<typeof staffCreateFollowProduct>;
export type EndFollowProductBody = BodyOf<typeof staffEndFollowProduct>;
export type TakeDownFollowProductBody = BodyOf<typeof staffTakeDownFollowProduct>;
export type StrategyOrderBody = BodyOf<typeof staffPlaceStrategyOrder>;
export type StrategyPositions = DataOf<typeof staffStrategyPositions>;
export type StrategyPosition = StrategyPositions['items'][number];

export const fetchFollowProducts = (body: BodyOf<typeof staffListFollowProducts> = {}) =>
  call(staffListFollowProducts, body);

export const createFollowProduct = (body: CreateFollowProductBody, options?: CallOptions) =>
  call(staffCreateFollowProduct, body, options);

export const endFollowProduct = (body: EndFollowProductBody, options?: CallOptions) =>
  call(staffEndFollowProduct, body, options);

export const takeDownFollowProduct = (body: TakeDownFollowProductBody, options?: CallOptions) =>
  call(staffTakeDownFollowProduct, body, options);

export const fetchStrategyPositions = (id: string) => call(staffStrategyPositions, { id });

export const placeStrategyOrder = (body: StrategyOrderBody, options?: CallOptions) =>
  call(staffPlaceStrategyOrder, body, options);

export const closeStrategyPosition = (
  body: BodyOf<typeof staffCloseStrategyPosition>,
  options?: CallOptions,
) => call(staffCloseStrategyPosition, body, options);

export const cancelStrategyOrder = (body: BodyOf<typeof staffCancelStrategyOrder>, options?: CallOptions) =>
  call(staffCancelStrategyOrder, body, options);
