import type { BodyOf, DataOf, depositChannelDelete, depositChannelSave } from '@nivesh/contract';
import {
  checkIfsc,
  checkWalletAddress,
  formatPaise,
  isClockTime,
  normaliseBankAccountNumber,
  parsePaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { AppDeps, StaffContext, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import {
  type ChannelDetails,
  type ChannelRow,
  type ChannelValues,
  findChannel,
  insertChannel,
  listChannels,
  lockActiveChannel,
  markChannelDeleted,
  toChannelView,
  updateChannel,
} from '../../repositories/deposit-channel.repository.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { depositLimitsOf } from './deposit-limits.js';

type StaffChannel = DataOf<typeof depositChannelSave>;

const UPI_VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

async function toStaffChannel(row: ChannelRow): Promise<StaffChannel> {
  return {
    channel: await toChannelView(row),
    enabled: row.enabled,
    position: row.position,
    updatedAt: row.updated_at.getTime(),
  };
}

/** `recharge/channels`: the enabled channels; USDT ones only while crypto is switched on. */
export async function listInvestorChannels(db: Db, _context: UserContext) {
  const settings = await readFundsSettings(db);
  const rows = await listChannels(db, { enabledOnly: true });
  const visible = rows.filter((row) => row.kind !== 'usdt' || settings.cryptoEnabled);
  // Investors see the limits that apply: the channel's within the platform's.
  const items = await Promise.all(
    visible.map(async (row) => {
      const limits = depositLimitsOf(row, settings);
      return {
        ...(await toChannelView(row)),
        min: formatPaise(limits.minMinor),
        max: formatPaise(limits.maxMinor),
        windowFrom: limits.from,
        windowTo: limits.to,
      };
    }),
  );
  return { items };
}

export async function listStaffChannels(db: Db) {
  const rows = await listChannels(db, { enabledOnly: false });
  return { items: await Promise.all(rows.map(toStaffChannel)) };
}

/** Checks a channel's payee details for its kind and keeps only the fields that kind uses. */
function checkDetails(
  kind: ChannelRow['kind'],
  details: ChannelDetails,
  extraBankCodes: Record<string, string>,
): ChannelDetails {
  if (kind === 'bank') {
    const accountNumber = normaliseBankAccountNumber(details.accountNumber ?? '');
    if (!accountNumber) refuse('SETTING_INVALID', { field: 'details.accountNumber' });
    const ifsc = checkIfsc(details.ifsc ?? '', extraBankCodes);
    if (!ifsc.ok) refuse('SETTING_INVALID', { field: 'details.ifsc' });
    const accountName = details.accountName?.trim();
    if (!accountName) refuse('SETTING_INVALID', { field: 'details.accountName' });
    const bank = ifsc as Extract<typeof ifsc, { ok: true }>;
    return {
      accountName: accountName as string,
      accountNumber: accountNumber as string,
      ifsc: bank.ifsc,
      bankName: details.bankName?.trim() || bank.bankName,
    };
  }
  if (kind === 'upi') {
    const vpa = details.vpa?.trim() ?? '';
    if (!UPI_VPA.test(vpa)) refuse('SETTING_INVALID', { field: 'details.vpa' });
    const payeeName = details.payeeName?.trim();
    if (!payeeName) refuse('SETTING_INVALID', { field: 'details.payeeName' });
    return { vpa, payeeName: payeeName as string };
  }
  const network = details.network ?? 'TRC20';
  const check = checkWalletAddress(network, details.address ?? '');
  if (!check.ok) refuse('SETTING_INVALID', { field: 'details.address' });
  return { network, address: (check as Extract<typeof check, { ok: true }>).address };
}

/**
 * Creates or changes a deposit channel. Bank and UPI channels take INR, USDT channels USDT; a USDT
 * channel can be enabled only while crypto is switched on. Audited with before and after.
 */
export async function saveDepositChannel(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof depositChannelSave>,
): Promise<StaffChannel> {
  const settings = await readFundsSettings(deps.db);
  if (input.kind === 'usdt' && input.enabled && !settings.cryptoEnabled) refuse('CRYPTO_DISABLED');
  const min = parsePaise(input.min);
  if (!min.ok) refuse('SETTING_INVALID', { field: 'min' });
  const max = parsePaise(input.max);
  if (!max.ok) refuse('SETTING_INVALID', { field: 'max' });
  const minPaise = (min as { paise: bigint }).paise;
  const maxPaise = (max as { paise: bigint }).paise;
  if (maxPaise < minPaise) refuse('SETTING_INVALID', { field: 'max' });
  if (!isClockTime(input.windowFrom) || input.windowFrom === '24:00')
    refuse('SETTING_INVALID', { field: 'windowFrom' });
  if (!isClockTime(input.windowTo)) refuse('SETTING_INVALID', { field: 'windowTo' });
  const details = checkDetails(input.kind, input.details, settings.extraBankCodes);
  const values: ChannelValues = {
    kind: input.kind,
    name: input.name.trim(),
    currency: input.kind === 'usdt' ? 'USDT' : 'INR',
    enabled: input.enabled,
    min_minor: minPaise,
    max_minor: maxPaise,
    window_from: input.windowFrom,
    window_to: input.windowTo,
    details: JSON.stringify(details),
    position: input.position ?? 0,
    updated_at: new Date(context.nowMs),
  };
  const row = await inTransaction(deps.db, async (trx) => {
    const before = input.id
      ? ((await lockActiveChannel(trx, BigInt(input.id))) ?? refuse('DEPOSIT_CHANNEL_UNAVAILABLE'))
      : undefined;
    const saved = before ? await updateChannel(trx, before.id, values) : await insertChannel(trx, values);
    await auditStaffAct(trx, context, {
      action: before ? 'deposit_channel.update' : 'deposit_channel.create',
      target: { type: 'deposit_channel', id: saved.id },
      ...(before ? { before } : {}),
      after: saved,
    });
    return saved;
  });
  return toStaffChannel(row);
}

/** Removes a channel from use; it stays in the table for the deposits that name it. */
export async function deleteDepositChannel(
  deps: AppDeps,
  context: StaffContext,
  input: BodyOf<typeof depositChannelDelete>,
): Promise<null> {
  const id = BigInt(input.id);
  await inTransaction(deps.db, async (trx) => {
    const before = await findChannel(trx, id);
    if (!before || before.deleted_at) refuse('DEPOSIT_CHANNEL_UNAVAILABLE');
    await markChannelDeleted(trx, id, context.nowMs);
    await auditStaffAct(trx, context, {
      action: 'deposit_channel.delete',
      target: { type: 'deposit_channel', id },
      before,
      reason: input.reason,
    });
  });
  return null;
}
