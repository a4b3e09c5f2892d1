import {
  computePriceBand,
  kiteCandleTimestamp,
  kiteTimestamp,
  paiseToKiteRupees,
  parseKiteTimestamp,
  parsePaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { CandlePeriod } from '../../db/schema.js';
import { listCandles } from '../../repositories/candle.repository.js';
import type { KiteInstrumentRow } from '../../repositories/kite-instrument-token.repository.js';
import { readQuotes } from '../../repositories/quote.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { readDepth } from '../../use-cases/market/read-depth.js';
import type { KiteInstrumentIndex } from './instrument-index.js';
import { paiseOfText, repeatedText, requiredText } from './kite-fields.js';
import { CsvReply, type KiteTransport, kiteRoute } from './kite-route.js';

/** Kite's limit of instruments in one quote request (500) and of candles in one reply here. */
const QUOTE_INSTRUMENTS_MAX = 500;
const HISTORICAL_CANDLES_MAX = 2_000;

const CSV_HEADER =
  'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange';

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvField = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The instruments dump (reference §4), one row per minted token, in token order. */
export function instrumentsCsv(rows: readonly KiteInstrumentRow[]): string {
  const lines = rows.map((row) =>
    [
      row.instrumentToken.toString(),
      row.seq.toString(),
      csvField(row.symbol),
      csvField(row.name),
      '0',
      '',
      '',
      String(paiseToKiteRupees(row.tickPaise)),
      String(row.lotSize),
      'EQ',
      row.kind === 'index' ? 'INDICES' : row.exchange,
      row.exchange,
    ].join(','),
  );
  return `${[CSV_HEADER, ...lines].join('\n')}\n`;
}

/** Kite's intervals that the candle store keeps; 3, 10 and 60 minutes are not kept. */
const INTERVALS: Record<string, CandlePeriod> = {
  minute: '1m',
  '5minute': '5m',
  '15minute': '15m',
  '30minute': '30m',
  day: '1d',
};

const rupees = paiseToKiteRupees;

async function resolveInstruments(index: KiteInstrumentIndex, keys: readonly string[]) {
  const found: { key: string; row: KiteInstrumentRow }[] = [];
  for (const key of keys) {
    // `EXCHANGE:TRADINGSYMBOL` or a token; an unknown one is left out, as Kite does.
    const row = /^[0-9]{1,10}$/.test(key)
      ? await index.ofToken(key)
      : await (async () => {
          const [exchange, symbol] = key.split(':');
          const candidate = symbol ? await index.ofSymbol(symbol) : undefined;
          return candidate && candidate.exchange === exchange ? candidate : undefined;
        })();
    if (row) found.push({ key, row });
  }
  return found;
}

export function registerKiteMarketRoutes(transport: KiteTransport, index: KiteInstrumentIndex): void {
  const { deps } = transport;

  kiteRoute(
    transport,
    'GET',
    '/instruments',
    'other',
    async () => new CsvReply(instrumentsCsv(await index.all())),
  );
  kiteRoute(transport, 'GET', '/instruments/:exchange', 'other', async ({ request }) => {
    const exchange = (request.params as { exchange: string }).exchange;
    return new CsvReply(instrumentsCsv((await index.all()).filter((row) => row.exchange === exchange)));
  });

  const quotesOf = async (keys: readonly string[]) => {
    const instruments = await resolveInstruments(index, keys);
    const quotes = await readQuotes(
      deps.db,
      instruments.map(({ row }) => row.symbol),
    );
    return instruments.flatMap(({ key, row }) => {
      const quote = quotes.get(row.symbol);
      return quote ? [{ key, row, quote }] : [];
    });
  };

  kiteRoute(transport, 'GET', '/quote/ltp', 'quote', async ({ fields }) => {
    const found = await quotesOf(repeatedText(fields, 'i', QUOTE_INSTRUMENTS_MAX));
    return Object.fromEntries(
      found.map(({ key, row, quote }) => [
        key,
        { instrument_token: Number(row.instrumentToken), last_price: rupees(quote.pricePaise) },
      ]),
    );
  });

  kiteRoute(transport, 'GET', '/quote/ohlc', 'quote', async ({ fields }) => {
    const found = await quotesOf(repeatedText(fields, 'i', QUOTE_INSTRUMENTS_MAX));
    return Object.fromEntries(
      found.map(({ key, row, quote }) => [
        key,
        {
          instrument_token: Number(row.instrumentToken),
          last_price: rupees(quote.pricePaise),
          ohlc: {
            open: rupees(quote.openPaise),
            high: rupees(quote.highPaise),
            low: rupees(quote.lowPaise),
            close: rupees(quote.previousClosePaise),
          },
        },
      ]),
    );
  });

  kiteRoute(transport, 'GET', '/quote', 'quote', async ({ fields }) => {
    const found = await quotesOf(repeatedText(fields, 'i', QUOTE_INSTRUMENTS_MAX));
    const entries = await Promise.all(
      found.map(async ({ key, row, quote }) => {
        const instrument = await findInstrumentCached(deps.db, row.symbol);
        const band =
          instrument && instrument.price_band_bps > 0
            ? computePriceBand(quote.previousClosePaise, instrument.price_band_bps, instrument.tick_paise)
            : undefined;
        // The simulator's depth is an illustration (market/depth), five levels a side.
        const depth =
          row.kind === 'index' ? { bids: [], asks: [] } : await readDepth(deps, { symbol: row.symbol });
        const level = (entry: { price: string; quantity: number }) => ({
          price: rupees(paiseOfText(entry.price)),
          orders: 1,
          quantity: entry.quantity,
        });
        const buy = depth.bids.map(level);
        const sell = depth.asks.map(level);
        const averagePaise = quote.volume > 0n ? quote.turnoverPaise / quote.volume : quote.pricePaise;
        return [
          key,
          {
            instrument_token: Number(row.instrumentToken),
            timestamp: kiteTimestamp(quote.tickAtMs),
            last_trade_time: kiteTimestamp(quote.tickAtMs),
            last_price: rupees(quote.pricePaise),
            last_quantity: 0,
            volume: Number(quote.volume),
            average_price: rupees(averagePaise),
            buy_quantity: buy.reduce((sum, entry) => sum + entry.quantity, 0),
            sell_quantity: sell.reduce((sum, entry) => sum + entry.quantity, 0),
            ohlc: {
              open: rupees(quote.openPaise),
              high: rupees(quote.highPaise),
              low: rupees(quote.lowPaise),
              close: rupees(quote.previousClosePaise),
            },
            net_change: rupees(quote.pricePaise - quote.previousClosePaise),
            lower_circuit_limit: band ? rupees(band.lowerPaise) : 0,
            upper_circuit_limit: band ? rupees(band.upperPaise) : 0,
            oi: 0,
            oi_day_high: 0,
            oi_day_low: 0,
            depth: { buy, sell },
          },
        ] as const;
      }),
    );
    return Object.fromEntries(entries);
  });

  kiteRoute(
    transport,
    'GET',
    '/instruments/historical/:instrument_token/:interval',
    'historical',
    async ({ fields, request }) => {
      const params = request.params as { instrument_token: string; interval: string };
      const period = INTERVALS[params.interval];
      if (!period)
        refuse('KITE_INPUT_INVALID', {
          field: 'interval',
          reason: `one of ${Object.keys(INTERVALS).join(', ')}`,
        });
      const row = /^[0-9]{1,10}$/.test(params.instrument_token)
        ? await index.ofToken(params.instrument_token)
        : undefined;
      if (!row) refuse('INSTRUMENT_NOT_FOUND', { symbol: params.instrument_token });
      const fromMs = parseKiteTimestamp(requiredText(fields, 'from'));
      const toMs = parseKiteTimestamp(requiredText(fields, 'to'));
      if (fromMs === undefined)
        refuse('KITE_INPUT_INVALID', { field: 'from', reason: 'YYYY-MM-DD HH:MM:SS' });
      if (toMs === undefined || toMs! < fromMs!)
        refuse('KITE_INPUT_INVALID', { field: 'to', reason: 'YYYY-MM-DD HH:MM:SS, not before from' });
      const stored = await listCandles(deps.db, row!.symbol, {
        period: period!,
        fromMs: fromMs!,
        // `to` is inclusive: a candle starting at it is in.
        beforeMs: toMs! + 1,
        limit: HISTORICAL_CANDLES_MAX,
      });
      return {
        candles: stored.map((candle) => [
          kiteCandleTimestamp(candle.startMs),
          rupees(candle.openPaise),
          rupees(candle.highPaise),
          rupees(candle.lowPaise),
          rupees(candle.closePaise),
          candle.volume,
        ]),
      };
    },
  );
}

/** A rupee amount of a Kite JSON body (a number or its text) as paise text for a use case. */
export function rupeesText(value: unknown, field: string): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const parsed = parsePaise(text, { allowZero: true });
  if (!parsed.ok) refuse('KITE_INPUT_INVALID', { field, reason: 'a price in rupees, at most 2 decimals' });
  return text;
}
