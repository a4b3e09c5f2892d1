// What the stand-alone browser journeys (funds, engagement, trade) share beyond server.mjs (which
// starts the server and builds the app): a clean skip without Chromium, their screenshot folder,
// calls to the API, the seeded admin signed in with TOTP, a step log and a real PNG to upload.
// Each journey keeps only its own story.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { repositoryRoot } from './server.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Ends the process with exit 0 and a note when Debian Chromium is not installed. */
export function skipWithoutChromium(journey) {
  if (existsSync(CHROMIUM)) return;
  console.log(`${journey} skipped: ${CHROMIUM} is missing`);
  process.exit(0);
}

/** The journey's screenshot folder under artifacts/, emptied first when `fresh`. */
export function artifactsFolder(name, { fresh = false } = {}) {
  const folder = path.join(repositoryRoot, 'artifacts', name);
  if (fresh) rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A POST to /api/<prefix>/<path> with a fresh Idempotency-Key; answers data, throws on a refusal. */
export function apiCaller(base) {
  return async function call(prefix, pathName, body, headers) {
    const response = await fetch(`${base}/api/${prefix}/${pathName}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...headers },
      body: JSON.stringify(body ?? {}),
    });
    const envelope = await response.json();
    if (envelope.status !== 1) throw new Error(`${pathName}: ${response.status} ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
}

/**
 * Places an order through `call`, waiting out PRICE_UNAVAILABLE while a freshly started server's
 * simulator publishes its first ticks (up to 20 s); any other refusal throws at once.
 */
export async function openWhenPriced(call, body, headers) {
  const gives = Date.now() + 20_000;
  for (;;) {
    try {
      return await call('vue', 'trade/open', body, headers);
    } catch (error) {
      if (!String(error.message).includes('PRICE_UNAVAILABLE') || Date.now() > gives) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The seeded admin signs in for the first time, enrolling TOTP; answers the console headers. */
export async function signInSeededAdmin(call) {
  const { TOTP } = await import('otpauth');
  const enrolment = await call('console', 'staff/login', { username: 'admin', password: 'Admin@2026!' });
  const staff = await call('console', 'staff/enrollTotp', {
    enrollmentToken: enrolment.enrollmentToken,
    totpCode: new TOTP({ secret: enrolment.secret }).generate(),
  });
  return { 'x-staff-token': staff.token };
}

/** A numbered log of the journey's steps, printed as they pass. */
export function stepLog() {
  const steps = [];
  return {
    steps,
    step(name) {
      steps.push(name);
      console.log(`· ${name}`);
    },
  };
}

/** A small PNG of one colour with a white stripe, so the server has a real image to re-encode. */
export function png(width, height, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const stripe = y > height * 0.4 && y < height * 0.6;
      row.set(stripe ? [255, 255, 255] : [r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
