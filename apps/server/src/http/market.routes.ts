import {
  addSearchHistory,
  candles,
  clearSearchHistory,
  depth,
  lastPrices,
  marketList,
  quote,
  search,
  searchHistory,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../application/context.js';
import { listMarket } from '../use-cases/market/list-market.js';
import * as history from '../use-cases/market/manage-search-history.js';
import { readCandles } from '../use-cases/market/read-candles.js';
import { readDepth } from '../use-cases/market/read-depth.js';
import { readLastPrices } from '../use-cases/market/read-last-prices.js';
import { readQuote } from '../use-cases/market/read-quote.js';
import { searchInstruments } from '../use-cases/market/search-instruments.js';
import { registerCall } from './register-call.js';

/** Quotes, candles, market lists and search (docs/api.md, "Market data"). */
export function registerMarketRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerCall(app, deps, quote, (body, context) => readQuote(deps, context.nowMs, body));
  registerCall(app, deps, lastPrices, (body) => readLastPrices(deps, body));
  registerCall(app, deps, depth, (body) => readDepth(deps, body));
  registerCall(app, deps, candles, (body, context) => readCandles(deps, context.nowMs, body));
  registerCall(app, deps, marketList, (body) => listMarket(deps, body));
  registerCall(app, deps, search, (body) => searchInstruments(deps, body));
  registerCall(app, deps, searchHistory, (_body, context) => history.listSearchHistory(deps, context));
  registerCall(app, deps, addSearchHistory, (body, context) =>
    history.addToSearchHistory(deps, context, body),
  );
  registerCall(app, deps, clearSearchHistory, (_body, context) => history.clearSearchHistory(deps, context));
}
