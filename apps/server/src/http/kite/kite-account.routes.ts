import { istDate, mulDiv, netExecutedLegs, type Product, paiseToKiteRupees } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import { listUserPositions } from '../../repositories/position.repository.js';
import { findInstrumentCached } from '../../trading/instrument-cache.js';
import { getUserInfo } from '../../use-cases/accounts/get-user-info.js';
import { estimateCharges } from '../../use-cases/charges/estimate-charges.js';
import { readKiteProfile } from '../../use-cases/kite/kite-session-data.js';
import { readHoldings } from '../../use-cases/portfolio/read-holdings.js';
import { convertPosition } from '../../use-cases/trading/convert-position.js';
import type { KiteInstrumentIndex } from './instrument-index.js';
import { oneOf, paiseOfText, requiredText, wholeQuantity } from './kite-fields.js';
import { rupeesText } from './kite-market.routes.js';
import { legsOf, soldInPartsOf } from './kite-order-views.js';
import { instrumentNamed } from './kite-orders.routes.js';
import { type KiteTransport, kiteRoute } from './kite-route.js';

/** Orders in one margin or charges request, at most (Kite's basket holds 50 orders). */
const BASKET_ORDERS_MAX = 50;

/** Positions read to net the day's and the open positions, at most. */
const POSITIONS_READ_MAX = 1_000;

const rupees = (text: string) => paiseToKiteRupees(paiseOfText(text));

/**
 * Kite's UserMargin from the account centre's figures (docs/glossary.md): `net` and `cash` are what
 * is available to trade, `utilised.debits` what orders hold and positions use.
 */
async function userMargin(transport: KiteTransport, context: UserContext) {
  const info = await getUserInfo(transport.deps, context);
  const balances = info.balances;
  const available = rupees(balances.available);
  const used = paiseToKiteRupees(paiseOfText(balances.frozen) + paiseOfText(balances.invested));
  const zero = 0;
  return {
    enabled: true,
    net: available,
    available: {
      adhoc_margin: zero,
      cash: available,
      opening_balance: available,
      live_balance: available,
      collateral: zero,
      intraday_payin: zero,
    },
    utilised: {
      debits: used,
      exposure: zero,
      m2m_realised: zero,
      m2m_unrealised: rupees(balances.profit),
      option_premium: zero,
      payout: zero,
      span: zero,
      holding_sales: zero,
      turnover: zero,
      liquid_collateral: zero,
      stock_collateral: zero,
      delivery: rupees(balances.invested),
    },
  };
}

const disabledMargin = async (transport: KiteTransport, context: UserContext) => ({
  ...(await userMargin(transport, context)),
  enabled: false,
  net: 0,
});

/** One order of a margins or charges request body (reference §3: JSON arrays). */
interface BasketOrder {
  exchange?: unknown;
  tradingsymbol?: unknown;
  transaction_type?: unknown;
  product?: unknown;
  order_type?: unknown;
  quantity?: unknown;
  price?: unknown;
  trigger_price?: unknown;
  average_price?: unknown;
  variety?: unknown;
}

function basketOf(body: unknown): BasketOrder[] {
  if (!Array.isArray(body)) refuse('KITE_INPUT_INVALID', { field: 'body', reason: 'a JSON array of orders' });
  const orders = body as unknown[];
  if (orders.length === 0 || orders.length > BASKET_ORDERS_MAX)
    refuse('KITE_INPUT_INVALID', { field: 'body', reason: `1 to ${BASKET_ORDERS_MAX} orders` });
  for (const order of orders)
    if (!order || typeof order !== 'object')
      refuse('KITE_INPUT_INVALID', { field: 'body', reason: 'an order object' });
  return orders as BasketOrder[];
}

/**
 * An order's margin and charges from the charges engine (`trade/estimate`, docs/adr/0020): the same
 * function and schedule the trade itself would use. A BUY is priced as opening a long, a SELL as
 * the sale it is (the sell side's STT and stamp rules).
 */
async function estimateOf(
  transport: KiteTransport,
  index: KiteInstrumentIndex,
  context: UserContext,
  order: BasketOrder,
  priceField: 'price' | 'average_price',
) {
  const symbol = typeof order.tradingsymbol === 'string' ? order.tradingsymbol : '';
  const row = await index.ofSymbol(symbol);
  if (!row || row.exchange !== order.exchange)
    refuse('INSTRUMENT_NOT_FOUND', { symbol: `${String(order.exchange)}:${symbol}` });
  const product = order.product;
  if (product !== 'CNC' && product !== 'MIS' && product !== 'MTF')
    refuse('KITE_INPUT_INVALID', { field: 'product', reason: 'one of CNC, MIS, MTF' });
  const transactionType = order.transaction_type;
  if (transactionType !== 'BUY' && transactionType !== 'SELL')
    refuse('KITE_INPUT_INVALID', { field: 'transaction_type', reason: 'one of BUY, SELL' });
  const quantity = order.quantity;
  if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity <= 0)
    refuse('KITE_INPUT_INVALID', { field: 'quantity', reason: 'a whole number of shares' });
  const orderType = order.order_type ?? 'MARKET';
  const priced = order[priceField];
  const hasPrice = priced !== undefined && priced !== 0 && priced !== '0' && priced !== null;
  const instrument = await findInstrumentCached(transport.deps.db, row!.symbol);
  const leverage = product === 'CNC' ? 1 : Math.max(...(instrument?.leverages ?? [1]));
  const estimate = await estimateCharges(transport.deps, context, {
    symbol: row!.symbol,
    side: transactionType === 'BUY' ? 'long' : 'short',
    quantity: quantity as number,
    leverage,
    product: product as Product,
    orderType: hasPrice ? 'limit' : orderType === 'SL-M' ? 'sl-m' : 'market',
    ...(hasPrice ? { price: rupeesText(priced, priceField) } : {}),
    ...(orderType === 'SL-M' && order.trigger_price
      ? { triggerPrice: rupeesText(order.trigger_price, 'trigger_price') }
      : {}),
  });
  const charges = estimate.charges;
  const chargesPaise: ChargesPaise = {
    sttPaise: paiseOfText(charges.stt),
    exchangePaise: paiseOfText(charges.exchange),
    sebiPaise: paiseOfText(charges.sebi),
    brokeragePaise: paiseOfText(charges.brokerage),
    stampDutyPaise: paiseOfText(charges.stampDuty),
    gstPaise: paiseOfText(charges.gst),
    totalPaise: paiseOfText(charges.total),
  };
  const margin: MarginPaise = {
    symbol: row!.symbol,
    exchange: row!.exchange,
    marginPaise: estimate.margin === null ? 0n : paiseOfText(estimate.margin),
    turnoverPaise: paiseOfText(estimate.turnover),
    charges: chargesPaise,
  };
  return {
    row: row!,
    product,
    transactionType,
    quantity: quantity as number,
    pricePaise: paiseOfText(estimate.price),
    margin,
  };
}

/** The charges of an order or a basket, in paise, as the charges engine computed them. */
interface ChargesPaise {
  sttPaise: bigint;
  exchangePaise: bigint;
  sebiPaise: bigint;
  brokeragePaise: bigint;
  stampDutyPaise: bigint;
  gstPaise: bigint;
  totalPaise: bigint;
}

/** An order's (or a basket's summed) margin in paise: the view is made from it at the wire edge. */
interface MarginPaise {
  symbol: string;
  exchange: string;
  marginPaise: bigint;
  turnoverPaise: bigint;
  charges: ChargesPaise;
}

function chargesView(charges: ChargesPaise) {
  return {
    transaction_tax: paiseToKiteRupees(charges.sttPaise),
    transaction_tax_type: 'stt',
    exchange_turnover_charge: paiseToKiteRupees(charges.exchangePaise),
    sebi_turnover_charge: paiseToKiteRupees(charges.sebiPaise),
    brokerage: paiseToKiteRupees(charges.brokeragePaise),
    stamp_duty: paiseToKiteRupees(charges.stampDutyPaise),
    gst: {
      igst: paiseToKiteRupees(charges.gstPaise),
      cgst: 0,
      sgst: 0,
      total: paiseToKiteRupees(charges.gstPaise),
    },
    total: paiseToKiteRupees(charges.totalPaise),
  };
}

/** The sum of several orders' margins and charges, component by component, in paise. */
export function sumMargins(margins: readonly MarginPaise[]): MarginPaise {
  const total = (pick: (margin: MarginPaise) => bigint) =>
    margins.reduce((sum, margin) => sum + pick(margin), 0n);
  return {
    symbol: '',
    exchange: '',
    marginPaise: total((m) => m.marginPaise),
    turnoverPaise: total((m) => m.turnoverPaise),
    charges: {
      sttPaise: total((m) => m.charges.sttPaise),
      exchangePaise: total((m) => m.charges.exchangePaise),
      sebiPaise: total((m) => m.charges.sebiPaise),
      brokeragePaise: total((m) => m.charges.brokeragePaise),
      stampDutyPaise: total((m) => m.charges.stampDutyPaise),
      gstPaise: total((m) => m.charges.gstPaise),
      totalPaise: total((m) => m.charges.totalPaise),
    },
  };
}

/** Kite's Margin of an order or a basket, made from paise at the wire edge. */
function marginView(margin: MarginPaise) {
  const marginRupees = paiseToKiteRupees(margin.marginPaise);
  return {
    type: 'equity',
    tradingsymbol: margin.symbol,
    exchange: margin.exchange,
    span: 0,
    exposure: 0,
    option_premium: 0,
    additional: 0,
    bo: 0,
    cash: 0,
    var: marginRupees,
    pnl: { realised: 0, unrealised: 0 },
    // Turnover over margin, a whole ratio computed on paise (no rupee float divides).
    leverage:
      margin.marginPaise > 0n ? Number(mulDiv(margin.turnoverPaise, 1n, margin.marginPaise, 'half_up')) : 1,
    charges: chargesView(margin.charges),
    total: marginRupees,
  };
}

export function registerKiteAccountRoutes(transport: KiteTransport, index: KiteInstrumentIndex): void {
  const { deps } = transport;

  kiteRoute(transport, 'GET', '/user/profile', 'other', async ({ context }) =>
    readKiteProfile(deps.db, context.user.id),
  );
  kiteRoute(transport, 'GET', '/user/margins', 'other', async ({ context }) => ({
    equity: await userMargin(transport, context),
    commodity: await disabledMargin(transport, context),
  }));
  kiteRoute(transport, 'GET', '/user/margins/:segment', 'other', async ({ context, request }) => {
    const segment = (request.params as { segment: string }).segment;
    if (segment === 'equity') return userMargin(transport, context);
    if (segment === 'commodity') return disabledMargin(transport, context);
    return refuse('KITE_INPUT_INVALID', { field: 'segment', reason: 'equity or commodity' });
  });

  kiteRoute(transport, 'GET', '/portfolio/holdings', 'other', async ({ context }) => {
    const holdings = await readHoldings(deps, context.user.id);
    const prices = await deps.prices.currentMany(holdings.items.map((item) => item.symbol));
    return Promise.all(
      holdings.items.map(async (item) => {
        const row = await index.ofSymbol(item.symbol);
        const instrument = await findInstrumentCached(deps.db, item.symbol);
        const lastPaise = paiseOfText(item.lastPrice);
        // The previous close from the same price the holding's figures were read with; a holding
        // without one (never priced) shows its last price, so its day change is zero.
        const closePaise = prices.get(item.symbol)?.previousClosePaise ?? lastPaise;
        return {
          tradingsymbol: item.symbol,
          exchange: row?.exchange ?? 'NSE',
          instrument_token: row ? Number(row.instrumentToken) : 0,
          isin: instrument?.isin ?? '',
          product: item.product,
          price: 0,
          quantity: item.quantity,
          used_quantity: 0,
          t1_quantity: 0,
          realised_quantity: item.quantity,
          authorised_quantity: 0,
          authorised_date: null,
          opening_quantity: item.quantity,
          collateral_quantity: 0,
          collateral_type: null,
          discrepancy: false,
          average_price: rupees(item.averagePrice),
          last_price: paiseToKiteRupees(lastPaise),
          close_price: paiseToKiteRupees(closePaise),
          pnl: rupees(item.pnl),
          // Kite's day_change is per share: the last price less the previous close.
          day_change: paiseToKiteRupees(lastPaise - closePaise),
          // A percentage with two decimals, read from the decimal text the use case formatted.
          day_change_percentage: paiseToKiteRupees(paiseOfText(item.dayChangePercent)),
        };
      }),
    );
  });

  kiteRoute(transport, 'GET', '/portfolio/positions', 'other', async ({ context }) => {
    const positions = await listUserPositions(deps.db, context.user.id, { limit: POSITIONS_READ_MAX });
    const today = istDate(context.nowMs);
    const soldInParts = soldInPartsOf(positions);
    const legs = positions
      .flatMap((position) => legsOf(position, soldInParts))
      .flatMap((leg) => {
        const p = leg.position;
        const atMs = leg.kind === 'open' ? p.openedAtMs : p.closedAtMs;
        const pricePaise = leg.kind === 'open' ? p.entryPricePaise : p.exitPricePaise;
        if (atMs === null || pricePaise === null) return [];
        const buys = p.side === 'long' ? leg.kind === 'open' : leg.kind === 'close';
        return [
          {
            isToday: istDate(atMs) === today,
            // Delivery bought before today is a holding, not a position (Kite's split of the two).
            isPosition: p.product === 'MIS' || istDate(p.openedAtMs ?? atMs) === today,
            leg: {
              symbol: p.symbol,
              product: p.product,
              transactionType: buys ? ('BUY' as const) : ('SELL' as const),
              quantity: leg.quantity,
              pricePaise,
            },
          },
        ];
      });
    const symbols = [...new Set(legs.map((entry) => entry.leg.symbol))];
    const prices = await deps.prices.currentMany(symbols);
    const lastOf = (symbol: string) => prices.get(symbol)?.pricePaise;
    const view = async (rows: ReturnType<typeof netExecutedLegs>) =>
      Promise.all(
        rows.map(async (row) => {
          const instrument = await index.ofSymbol(row.symbol);
          const price = prices.get(row.symbol);
          const buyPrice = row.buyQuantity > 0 ? row.buyValuePaise / BigInt(row.buyQuantity) : 0n;
          const sellPrice = row.sellQuantity > 0 ? row.sellValuePaise / BigInt(row.sellQuantity) : 0n;
          const pnl = paiseToKiteRupees(row.pnlPaise);
          return {
            tradingsymbol: row.symbol,
            exchange: instrument?.exchange ?? 'NSE',
            instrument_token: instrument ? Number(instrument.instrumentToken) : 0,
            product: row.product,
            quantity: row.quantity,
            overnight_quantity: 0,
            multiplier: 1,
            average_price: paiseToKiteRupees(row.averagePricePaise),
            close_price: price ? paiseToKiteRupees(price.previousClosePaise) : 0,
            last_price: price ? paiseToKiteRupees(price.pricePaise) : 0,
            value: paiseToKiteRupees(row.sellValuePaise - row.buyValuePaise),
            pnl,
            m2m: pnl,
            unrealised: pnl,
            realised: 0,
            buy_quantity: row.buyQuantity,
            buy_price: paiseToKiteRupees(buyPrice),
            buy_value: paiseToKiteRupees(row.buyValuePaise),
            buy_m2m: paiseToKiteRupees(row.buyValuePaise),
            day_buy_quantity: row.buyQuantity,
            day_buy_price: paiseToKiteRupees(buyPrice),
            day_buy_value: paiseToKiteRupees(row.buyValuePaise),
            sell_quantity: row.sellQuantity,
            sell_price: paiseToKiteRupees(sellPrice),
            sell_value: paiseToKiteRupees(row.sellValuePaise),
            sell_m2m: paiseToKiteRupees(row.sellValuePaise),
            day_sell_quantity: row.sellQuantity,
            day_sell_price: paiseToKiteRupees(sellPrice),
            day_sell_value: paiseToKiteRupees(row.sellValuePaise),
          };
        }),
      );
    return {
      net: await view(
        netExecutedLegs(
          legs.filter((entry) => entry.isPosition).map((entry) => entry.leg),
          lastOf,
        ),
      ),
      day: await view(
        netExecutedLegs(
          legs.filter((entry) => entry.isToday).map((entry) => entry.leg),
          lastOf,
        ),
      ),
    };
  });

  // Kite's convertPosition (reference §3): the whole position of a side moves between MIS and CNC.
  kiteRoute(transport, 'PUT', '/portfolio/positions', 'orders', async ({ context, fields }) => {
    const instrument = await instrumentNamed(index, fields);
    const transactionType = oneOf(fields, 'transaction_type', ['BUY', 'SELL'] as const);
    oneOf(fields, 'position_type', ['day', 'overnight'] as const);
    const products = ['CNC', 'MIS', 'MTF'] as const;
    await convertPosition(deps, context, {
      symbol: instrument.symbol,
      side: transactionType === 'BUY' ? 'long' : 'short',
      quantity: wholeQuantity(requiredText(fields, 'quantity')),
      fromProduct: oneOf(fields, 'old_product', products),
      toProduct: oneOf(fields, 'new_product', products),
    });
    return true;
  });

  kiteRoute(transport, 'POST', '/margins/orders', 'other', async ({ context, request }) => {
    const margins: ReturnType<typeof marginView>[] = [];
    for (const order of basketOf(request.body))
      margins.push(marginView((await estimateOf(transport, index, context, order, 'price')).margin));
    return margins;
  });

  kiteRoute(transport, 'POST', '/margins/basket', 'other', async ({ context, request }) => {
    const margins: MarginPaise[] = [];
    for (const order of basketOf(request.body))
      margins.push((await estimateOf(transport, index, context, order, 'price')).margin);
    // The basket's figures are summed in paise, then made rupees once (DESIGN §3).
    const combined = marginView(sumMargins(margins));
    return { initial: combined, final: combined, orders: margins.map(marginView) };
  });

  kiteRoute(transport, 'POST', '/charges/orders', 'other', async ({ context, request }) => {
    const notes: unknown[] = [];
    for (const order of basketOf(request.body)) {
      const estimate = await estimateOf(transport, index, context, order, 'average_price');
      notes.push({
        transaction_type: estimate.transactionType,
        tradingsymbol: estimate.row.symbol,
        exchange: estimate.row.exchange,
        variety: typeof order.variety === 'string' ? order.variety : 'regular',
        product: estimate.product,
        order_type: typeof order.order_type === 'string' ? order.order_type : 'MARKET',
        quantity: estimate.quantity,
        price: paiseToKiteRupees(estimate.pricePaise),
        charges: chargesView(estimate.margin.charges),
      });
    }
    return notes;
  });
}
