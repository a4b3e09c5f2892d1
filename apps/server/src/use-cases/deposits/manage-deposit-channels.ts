import type { DataOf, depositChannelDelete, depositChannelSave } from '@nivesh/contract';
import {
  checkIfsc,
  checkWalletAddress,
  formatPaise,
  isClockTime,
  normaliseBankAccountNumber,
  parsePaise,
} from '@nivesh/core';
import { refuse } from '../../application/app-error.js';
import type { StaffContext, StaffUseCase, UserContext } from '../../application/context.js';
import type { Db } from '../../db/database.js';
import { inTransaction } from '../../db/transaction.js';
import { findPendingApproval } from '../../repositories/approval-request.repository.js';
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
  updateChannelDetails,
} from '../../repositories/deposit-channel.repository.js';
import { readFundsSettings } from '../../repositories/funds-settings.repository.js';
import { openApprovalRequest } from '../approvals/second-approval.js';
import { auditStaffAct } from '../audit/audit-staff-act.js';
import { depositLimitsOf } from './deposit-limits.js';

type StaffChannel = DataOf<typeof depositChannelSave>;

const UPI_VPA = /^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z]{2,64}$/;

async function toStaffChannel(db: Db, row: ChannelRow): Promise<StaffChannel> {
  const pending = await findPendingApproval(db, 'deposit_channel_payee', String(row.id));
  return {
    channel: await toChannelView(row),
    enabled: row.enabled,
    position: row.position,
    updatedAt: row.updated_at.getTime(),
    pendingPayeeChange: pending
      ? {
          requestId: String(pending.id),
          details: pending.payload.details as ChannelDetails,
          requestedBy: pending.requesterName,
          requestedAt: pending.requestedAtMs,
        }
      : null,
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
  return { items: await Promise.all(rows.map((row) => toStaffChannel(db, row))) };
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

/** The payee fields of a channel's details, as the pending-requests queue compares them. */
const PAYEE_FIELDS = [
  'accountName',
  'accountNumber',
  'ifsc',
  'bankName',
  'vpa',
  'payeeName',
  'network',
  'address',
] as const;

function payeeChanges(before: ChannelDetails, after: ChannelDetails) {
  return PAYEE_FIELDS.filter((field) => (before[field] ?? null) !== (after[field] ?? null)).map((field) => ({
    field,
    before: before[field] ?? null,
    after: after[field] ?? '',
  }));
}

/**
 * Creates or changes a deposit channel. Bank and UPI channels take INR, USDT channels USDT; a USDT
 * channel can be enabled only while crypto is switched on. A change needs a reason and is audited
 * with before and after. Its payee details (where investors send money) are never changed by one
 * person: a change of them opens a request that a second staff member approves (ADR 0027), and the
 * channel keeps its old details until then. A new channel is created disabled, its details in a
 * request; the checker's approval enables it when the maker asked for it enabled.
 */
export const saveDepositChannel: StaffUseCase<typeof depositChannelSave> = async (deps, context, input) => {
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
  const reason = input.reason?.trim();
  if (input.id && !reason) refuse('REASON_REQUIRED');
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
    if (before && before.kind !== input.kind) refuse('SETTING_INVALID', { field: 'kind' });
    if (before && input.enabled && !before.enabled) {
      // A channel whose creation waits for its checker is enabled by the checker's approval only.
      const pending = await findPendingApproval(trx, 'deposit_channel_payee', String(before.id));
      if (pending?.payload.creation) refuse('APPROVAL_ALREADY_PENDING', { target: pending.targetLabel });
    }
    const changes = before
      ? payeeChanges(before.details as ChannelDetails, details)
      : payeeChanges({}, details);
    if (changes.length > 0) {
      // Payee details are routed by two people (ADR 0027): a new channel is created disabled and
      // with its details held back from investors until a second staff member approves them.
      if (!before) values.enabled = false;
      else values.details = JSON.stringify(before.details);
    }
    const saved = before ? await updateChannel(trx, before.id, values) : await insertChannel(trx, values);
    if (changes.length > 0) {
      await openApprovalRequest(trx, context, {
        kind: 'deposit_channel_payee',
        targetId: String(saved.id),
        targetLabel: `${(before ?? saved).name} (deposit channel)`,
        payload: { details, change: changes, ...(before ? {} : { creation: true, enable: input.enabled }) },
        reason: reason ?? `new deposit channel ${saved.name}`,
      });
    }
    await auditStaffAct(trx, context, {
      action: before ? 'deposit_channel.update' : 'deposit_channel.create',
      target: { type: 'deposit_channel', id: saved.id },
      ...(before ? { before } : {}),
      after: saved,
      ...(reason ? { reason } : {}),
    });
    return saved;
  });
  return toStaffChannel(deps.db, row);
};

/**
 * Applies approved payee details to a channel (the checker's side of a `deposit_channel_payee`
 * request), in the checker's transaction, audited with before and after.
 */
export async function applyPayeeChange(
  trx: Db,
  context: StaffContext,
  request: { targetId: string; payload: Record<string, unknown>; reason: string },
): Promise<void> {
  const id = BigInt(request.targetId);
  const before = (await lockActiveChannel(trx, id)) ?? refuse('DEPOSIT_CHANNEL_UNAVAILABLE');
  const after = await updateChannelDetails(trx, id, {
    details: JSON.stringify(request.payload.details),
    atMs: context.nowMs,
    enable: request.payload.enable === true,
  });
  await auditStaffAct(trx, context, {
    action: 'deposit_channel.payee_change',
    target: { type: 'deposit_channel', id },
    before: { details: before.details, enabled: before.enabled },
    after: { details: after.details, enabled: after.enabled },
    reason: request.reason,
  });
}

/** Removes a channel from use; it stays in the table for the deposits that name it. */
export const deleteDepositChannel: StaffUseCase<typeof depositChannelDelete> = async (
  deps,
  context,
  input,
) => {
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
};
