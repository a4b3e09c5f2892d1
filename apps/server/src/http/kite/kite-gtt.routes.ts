import { type GttType, kiteTimestamp, paiseToKiteRupees } from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { UserContext } from '../../application/context.js';
import { findGtt, type GttRecord, listUserGtts } from '../../repositories/gtt.repository.js';
import { deleteGtt } from '../../use-cases/gtt/delete-gtt.js';
import type { GttRequest } from '../../use-cases/gtt/gtt-terms.js';
import { rejectReasonOf } from '../../use-cases/gtt/gtt-view.js';
import { modifyGtt } from '../../use-cases/gtt/modify-gtt.js';
import { placeGtt } from '../../use-cases/gtt/place-gtt.js';
import type { KiteInstrumentIndex } from './instrument-index.js';
import { oneOf } from './kite-fields.js';
import { kiteUserIdOf } from './kite-orders.routes.js';
import { type KiteFields, type KiteTransport, kiteRoute } from './kite-route.js';

/** A GTT's `condition` and `orders` are JSON text in the form (reference §3); a few hundred bytes. */
const GTT_JSON_FIELD_CHARS_MAX = 4_096;

function jsonField(fields: KiteFields, name: string): unknown {
  const text = fields[name];
  if (typeof text !== 'string' || text.length === 0)
    refuse('KITE_INPUT_INVALID', { field: name, reason: 'required' });
  if ((text as string).length > GTT_JSON_FIELD_CHARS_MAX)
    refuse('KITE_INPUT_INVALID', { field: name, reason: 'too long' });
  try {
    return JSON.parse(text as string);
  } catch {
    return refuse('KITE_INPUT_INVALID', { field: name, reason: 'JSON' });
  }
}

/** A rupee number as the client sends it (JSON number or text): kept as text, parsed to paise by the use case. */
function priceText(value: unknown, field: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.length > 0 && value.length <= 32) return value;
  return refuse('KITE_INPUT_INVALID', { field, reason: 'a price in rupees' });
}

/**
 * A placeGTT / modifyGTT form (reference §3: `type`, and `condition` and `orders` as JSON text) read
 * into the use case's request. GTT orders are LIMIT orders; the client's `last_price` is not
 * trusted: the feed's last price is the one the triggers are checked against.
 */
async function gttRequestOf(index: KiteInstrumentIndex, fields: KiteFields): Promise<GttRequest> {
  const type = oneOf(fields, 'type', ['single', 'two-leg'] as const) as GttType;
  const condition = jsonField(fields, 'condition') as Record<string, unknown> | null;
  if (!condition || typeof condition !== 'object' || Array.isArray(condition))
    refuse('KITE_INPUT_INVALID', { field: 'condition', reason: 'an object' });
  const exchange = String(condition!.exchange ?? '');
  const symbol = String(condition!.tradingsymbol ?? '');
  const instrument = await index.ofSymbol(symbol);
  if (!instrument || instrument.exchange !== exchange)
    refuse('INSTRUMENT_NOT_FOUND', { symbol: `${exchange}:${symbol}`.slice(0, 64) });
  const triggerValues = condition!.trigger_values;
  if (!Array.isArray(triggerValues) || triggerValues.length < 1 || triggerValues.length > 2)
    refuse('KITE_INPUT_INVALID', { field: 'trigger_values', reason: 'one or two prices' });
  const orders = jsonField(fields, 'orders');
  if (!Array.isArray(orders) || orders.length < 1 || orders.length > 2)
    refuse('KITE_INPUT_INVALID', { field: 'orders', reason: 'one or two orders' });
  return {
    symbol: instrument!.symbol,
    type,
    triggers: (triggerValues as unknown[]).map((value) => priceText(value, 'trigger_values')),
    orders: (orders as Array<Record<string, unknown>>).map((order) => {
      if (!order || typeof order !== 'object')
        refuse('KITE_INPUT_INVALID', { field: 'orders', reason: 'objects' });
      if (order.order_type !== undefined && order.order_type !== 'LIMIT')
        refuse('KITE_INPUT_INVALID', { field: 'order_type', reason: 'a GTT places LIMIT orders' });
      const fields = order as KiteFields;
      const quantity = order.quantity;
      if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity <= 0)
        refuse('KITE_INPUT_INVALID', { field: 'quantity', reason: 'a whole number of shares' });
      return {
        transactionType: oneOf(fields, 'transaction_type', ['BUY', 'SELL'] as const),
        product: oneOf(fields, 'product', ['CNC', 'MIS', 'MTF'] as const),
        quantity: quantity as number,
        price: priceText(order.price, 'price'),
      };
    }),
    // Kite sets a year; a client may ask for less with `expires_at` (YYYY-MM-DD HH:MM:SS, IST).
    expiresAtMs: expiresAtOf(fields),
  };
}

function expiresAtOf(fields: KiteFields): number | undefined {
  const text = fields.expires_at;
  if (text === undefined || text === '') return undefined;
  const match = typeof text === 'string' && /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  if (!match) return refuse('KITE_INPUT_INVALID', { field: 'expires_at', reason: 'YYYY-MM-DD HH:MM:SS' });
  const ms = Date.parse(`${match[1]}T${match[2]}+05:30`);
  return Number.isFinite(ms) ? ms : refuse('KITE_INPUT_INVALID', { field: 'expires_at', reason: 'a date' });
}

function gttIdOf(text: string): bigint {
  return /^[0-9]{1,18}$/.test(text) ? BigInt(text) : refuse('GTT_NOT_FOUND');
}

/** A Kite Trigger (reference §3, getGTT) of a GTT. */
async function toKiteTrigger(index: KiteInstrumentIndex, context: UserContext, gtt: GttRecord) {
  const instrument = await index.ofSymbol(gtt.symbol);
  const exchange = instrument?.exchange ?? 'NSE';
  return {
    id: Number(gtt.id),
    user_id: kiteUserIdOf(context),
    parent_trigger: null,
    type: gtt.type,
    created_at: kiteTimestamp(gtt.createdAtMs),
    updated_at: kiteTimestamp(gtt.updatedAtMs),
    expires_at: kiteTimestamp(gtt.expiresAtMs),
    status: gtt.status,
    condition: {
      exchange,
      last_price: paiseToKiteRupees(gtt.lastPricePaise),
      tradingsymbol: gtt.symbol,
      trigger_values: gtt.legs.map((leg) => paiseToKiteRupees(leg.triggerPaise)),
      instrument_token: instrument ? Number(instrument.instrumentToken) : 0,
    },
    orders: gtt.legs.map((leg, legIndex) => ({
      exchange,
      tradingsymbol: gtt.symbol,
      product: leg.product,
      order_type: 'LIMIT',
      transaction_type: leg.transactionType,
      quantity: leg.quantity,
      price: paiseToKiteRupees(leg.pricePaise),
      result:
        gtt.firedLeg === legIndex
          ? {
              triggered_at: paiseToKiteRupees(gtt.firedPricePaise ?? 0n),
              timestamp: kiteTimestamp(gtt.updatedAtMs),
              order_result: {
                status: gtt.status === 'rejected' ? 'failed' : 'success',
                order_id: gtt.positionId === null ? '' : gtt.positionId.toString(),
                rejection_reason:
                  gtt.rejectCode === null ? '' : rejectReasonOf(gtt.rejectCode, context.language),
              },
            }
          : null,
    })),
    meta: {},
  };
}

/** Kite's GTT routes (reference §3; docs/adr/0031) over the same use cases as the app's GTT calls. */
export function registerKiteGttRoutes(transport: KiteTransport, index: KiteInstrumentIndex): void {
  const { deps } = transport;

  kiteRoute(transport, 'GET', '/gtt/triggers', 'other', async ({ context }) =>
    Promise.all(
      (await listUserGtts(deps.db, context.user.id)).map((gtt) => toKiteTrigger(index, context, gtt)),
    ),
  );

  kiteRoute(transport, 'POST', '/gtt/triggers', 'orders', async ({ context, fields }) => {
    const gtt = await placeGtt(deps, context, await gttRequestOf(index, fields));
    return { trigger_id: Number(gtt.id) };
  });

  kiteRoute(transport, 'GET', '/gtt/triggers/:trigger_id', 'other', async ({ context, request }) => {
    const id = gttIdOf((request.params as { trigger_id: string }).trigger_id);
    const gtt = (await findGtt(deps.db, id, context.user.id)) ?? refuse('GTT_NOT_FOUND');
    return toKiteTrigger(index, context, gtt);
  });

  kiteRoute(transport, 'PUT', '/gtt/triggers/:trigger_id', 'orders', async ({ context, fields, request }) => {
    const id = gttIdOf((request.params as { trigger_id: string }).trigger_id);
    const gtt = await modifyGtt(deps, context, id, await gttRequestOf(index, fields));
    return { trigger_id: Number(gtt.id) };
  });

  kiteRoute(transport, 'DELETE', '/gtt/triggers/:trigger_id', 'orders', async ({ context, request }) => {
    const id = gttIdOf((request.params as { trigger_id: string }).trigger_id);
    const gtt = await deleteGtt(deps, context, id);
    return { trigger_id: Number(gtt.id) };
  });
}
