import { type BodyOf, type DataOf, exchangeRateList, exchangeRateSet } from '@nivesh/contract';
import { type CallOptions, call } from './client';

/** Currency pairs finance opens for investors: the rate of each direction and the spread taken from it. */
export type StaffExchangeRate = DataOf<typeof exchangeRateList>['items'][number];
export type ExchangeRateBody = BodyOf<typeof exchangeRateSet>;

export const fetchExchangeRates = (options?: CallOptions) => call(exchangeRateList, {}, options);

export const setExchangeRate = (body: ExchangeRateBody, options?: CallOptions) =>
  call(exchangeRateSet, body, options);
