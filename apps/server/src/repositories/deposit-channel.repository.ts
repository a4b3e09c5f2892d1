import type { DepositChannel } from '@nivesh/contract';
import { formatPaise } from '@nivesh/core';
import QRCode from 'qrcode';
import type { Static } from 'typebox';
import type { Db } from '../db/database.js';
import type { DepositChannelsTable } from '../db/schema.js';
import { findRow, lockRow } from './row-lookups.js';
import { updateRows } from './row-writes.js';

export type ChannelDetails = Static<typeof DepositChannel>['details'];
export type ChannelView = Static<typeof DepositChannel>;

export interface ChannelRow {
  id: bigint;
  kind: DepositChannelsTable['kind'];
  name: string;
  currency: string;
  enabled: boolean;
  min_minor: bigint;
  max_minor: bigint;
  window_from: string;
  window_to: string;
  details: unknown;
  position: number;
  updated_at: Date;
  deleted_at: Date | null;
}

/** The spec's QR generator: 256 x 256 pixels at the highest error correction (H). */
export const QR_OPTIONS = { errorCorrectionLevel: 'H', width: 256, margin: 1, type: 'image/png' } as const;

/** What a payer's app scans: a UPI intent (NPCI's `upi://pay`) or a bare wallet address. */
export function qrPayloadOf(kind: ChannelRow['kind'], details: ChannelDetails): string | null {
  if (kind === 'upi' && details.vpa) {
    const params = new URLSearchParams({ pa: details.vpa, pn: details.payeeName ?? '', cu: 'INR' });
    return `upi://pay?${params.toString()}`;
  }
  if (kind === 'usdt' && details.address) return details.address;
  return null;
}

export async function toChannelView(row: ChannelRow): Promise<ChannelView> {
  const details = (row.details ?? {}) as ChannelDetails;
  const payload = qrPayloadOf(row.kind, details);
  return {
    id: String(row.id),
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    min: formatPaise(row.min_minor),
    max: formatPaise(row.max_minor),
    windowFrom: row.window_from,
    windowTo: row.window_to,
    details,
    qrCode: payload ? await QRCode.toDataURL(payload, QR_OPTIONS) : null,
    payerReference: row.kind === 'usdt' ? 'tx_hash' : 'utr',
  };
}

export async function findChannel(db: Db, id: bigint): Promise<ChannelRow | undefined> {
  return findRow(db, 'deposit_channels', { id });
}

export async function listChannels(db: Db, options: { enabledOnly: boolean }): Promise<ChannelRow[]> {
  let select = db
    .selectFrom('deposit_channels')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('position', 'asc')
    .orderBy('id', 'asc');
  if (options.enabledOnly) select = select.where('enabled', '=', true);
  return select.execute();
}

/** What staff set on a channel; the id, creation time and deletion are the repository's. */
export type ChannelValues = Omit<ChannelRow, 'id' | 'deleted_at' | 'details'> & { details: string };

/** A channel not deleted, locked until the transaction ends so that two edits apply one after the other. */
export async function lockActiveChannel(trx: Db, id: bigint): Promise<ChannelRow | undefined> {
  return lockRow(trx, 'deposit_channels', { id, deleted_at: null });
}

export async function insertChannel(trx: Db, values: ChannelValues): Promise<ChannelRow> {
  return trx
    .insertInto('deposit_channels')
    .values({ ...values, created_at: values.updated_at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateChannel(trx: Db, id: bigint, values: ChannelValues): Promise<ChannelRow> {
  return trx
    .updateTable('deposit_channels')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Takes a channel out of use; the row stays for the deposits that name it. */
export async function markChannelDeleted(trx: Db, id: bigint, atMs: number): Promise<void> {
  await updateRows(
    trx,
    'deposit_channels',
    { id },
    { deleted_at: new Date(atMs), enabled: false, updated_at: new Date(atMs) },
  );
}

/** Sets a channel's payee details alone: a second staff member approved them (ADR 0027). */
export async function updateChannelDetails(
  trx: Db,
  id: bigint,
  change: { details: string; atMs: number; enable?: boolean },
): Promise<ChannelRow> {
  return trx
    .updateTable('deposit_channels')
    .set({
      details: change.details,
      updated_at: new Date(change.atMs),
      ...(change.enable ? { enabled: true } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
