import zlib from 'node:zlib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createInvestor, createStaff, type TestInvestor, type TestStaff } from './fixtures.js';
import type { Envelope, TestApp } from './harness.js';

export { createStaff, type TestStaff } from './fixtures.js';

/** Whoever calls the console: any staff fixture (only the session headers are used). */
type StaffCaller = Pick<TestStaff, 'headers'>;

export const consoleCall = (t: TestApp, staff: StaffCaller, path: string, body: unknown = {}) =>
  t.call(`/api/console/${path}`, body, staff.headers);

const checkers = new WeakMap<TestApp, Promise<TestStaff>>();

/** A second admin who approves the maker-checker requests the fixtures open (ADR 0027). */
export function checkerOf(t: TestApp): Promise<TestStaff> {
  let checker = checkers.get(t);
  if (!checker) {
    checker = createStaff(t, ['admin']);
    checkers.set(t, checker);
  }
  return checker;
}

/** The fixture's checker approves a pending maker-checker request (ADR 0027), which must succeed. */
export async function approveAsChecker(t: TestApp, requestId: string) {
  const approved = await consoleCall(t, await checkerOf(t), 'approvals/decide', {
    id: requestId,
    approve: true,
    reason: 'checked against the board note',
  });
  expect(approved.body.status, JSON.stringify(approved.body)).toBe(1);
  return approved;
}

/**
 * Staff change registry parameters through the console, one call each, and each must succeed. A
 * money parameter waits for a second staff member: the fixture's checker approves it.
 */
export async function setParameters(
  t: TestApp,
  staff: StaffCaller,
  values: Record<string, unknown>,
  reason = 'test setting',
): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    const reply = await consoleCall(t, staff, 'parameters/update', { name, value, reason });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
    const pending = reply.body.data.pendingChange as { requestId: string } | undefined;
    if (pending) await approveAsChecker(t, pending.requestId);
  }
}

/**
 * A deposit channel staff create and the fixture's checker approves (its payee details need a
 * second staff member, ADR 0027); answers the maker's reply, whose channel is then in use.
 */
export async function openDepositChannel(t: TestApp, staff: TestStaff, channel: Record<string, unknown>) {
  const reply = await consoleCall(t, staff, 'depositChannels/save', channel);
  expect(reply.body.status, JSON.stringify(reply.body)).toBe(1);
  await approveAsChecker(t, reply.body.data.pendingPayeeChange.requestId);
  return reply;
}

/** A multipart body with one file part named `file`. */
export function multipart(fileName: string, bytes: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----nivesh${Math.floor(Math.random() * 1e12)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  investor: TestInvestor,
  purpose: 'kyc' | 'receipt',
  bytes: Buffer,
  fileName = 'photo.jpg',
): Promise<{ http: number; body: Envelope }> {
  const body = multipart(fileName, bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/vue/upload/file?purpose=${purpose}`,
    payload: body.payload,
    headers: { ...investor.headers, ...body.headers },
  });
  return { http: response.statusCode, body: response.json() as Envelope };
}

/** A small real image with EXIF metadata (which the server must drop). */
export async function sampleImage(
  format: 'jpeg' | 'png' | 'webp' = 'jpeg',
  width = 64,
  height = 48,
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .toFormat(format)
    .withExif({ IFD0: { Copyright: 'secret-location-data', Artist: 'camera owner' } })
    .toBuffer();
}

/** A tiny valid PDF receipt. */
export function samplePdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** A PNG whose header claims width x height pixels, with almost no data behind it (a decompression bomb). */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A KYC-verified investor named Asha Verma with a fund password, the given cash and a bank account
 * whose cooling-off has passed (set directly: the cooling-off itself has its own test).
 */
export async function investorWithBank(
  t: TestApp,
  options: { cashPaise?: bigint; creditScore?: number } = {},
): Promise<TestInvestor & { bankId: string }> {
  const investor = await createInvestor(t, {
    cashPaise: options.cashPaise ?? 0n,
    realName: 'Asha Verma',
    fundPassword: 'Fund1234',
  });
  if (options.creditScore !== undefined) {
    await t.db
      .updateTable('users')
      .set({ credit_score: options.creditScore })
      .where('id', '=', investor.id)
      .execute();
  }
  const accountNumber = String(100_000_000_000 + Math.floor(Math.random() * 800_000_000_000));
  const added = await t.call(
    'bank/add',
    { holderName: 'asha  VERMA', accountNumber, ifsc: 'HDFC0001234', branchName: 'Fort' },
    investor.headers,
  );
  expect(added.body.status, JSON.stringify(added.body)).toBe(1);
  await t.db
    .updateTable('payout_destinations')
    .set({ usable_from: new Date(t.clock.now() - 86_400_000) })
    .where('id', '=', BigInt(added.body.data.id))
    .execute();
  return { ...investor, bankId: added.body.data.id as string };
}

/** Every balance of a user, for "nothing changed" checks. */
export async function balancesOf(t: TestApp, userId: bigint) {
  const rows = await t.db
    .selectFrom('ledger_accounts')
    .select(['purpose', 'currency', 'balance_minor'])
    .where('user_id', '=', userId)
    .orderBy('purpose')
    .orderBy('currency')
    .execute();
  return rows.map((row) => `${row.purpose}:${row.currency}:${row.balance_minor}`);
}

/** Counts rows that a refused call must not have written. */
export async function fundRowCounts(t: TestApp) {
  const count = async (
    table:
      | 'deposits'
      | 'withdrawals'
      | 'journal_entries'
      | 'uploads'
      | 'payout_destinations'
      | 'kyc_submissions'
      | 'exchanges',
  ) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    deposits: await count('deposits'),
    withdrawals: await count('withdrawals'),
    entries: await count('journal_entries'),
    uploads: await count('uploads'),
    destinations: await count('payout_destinations'),
    kyc: await count('kyc_submissions'),
    exchanges: await count('exchanges'),
  };
}
