import * as contract from '@nivesh/contract';
import { type CallDefinition, EPOCH_MS_RANGE, PLAIN_TEXT_KEYWORD } from '@nivesh/contract';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { RedisCounterStore } from '../src/http/rate-limits.js';
import { createInvestor, createStaff } from './fixtures.js';
import { multipart, sampleImage } from './funds-fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();
const investor = await createInvestor(t, { cashPaise: 1_000_000n });
const admin = await createStaff(t, ['admin', 'finance', 'compliance', 'support', 'content']);

const NUL_REASON = 'must not contain a NUL character';
const SURROGATE_REASON = 'must not contain an unpaired surrogate';

describe('text the database cannot hold is refused at the schema', () => {
  it('refuses a NUL character in a public call, in the request language', async () => {
    const reply = await t.call('market/search', { q: 'a\u0000' }, { lang: 'hi' });
    expect(reply.http).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.params).toEqual({ field: 'q', reason: NUL_REASON });
    expect(reply.body.msg).toContain('अमान्य');
  });

  it('refuses a NUL character in the staff sign-in', async () => {
    const reply = await t.call('/api/console/staff/login', { username: 'a\u0000', password: 'x' });
    expect(reply.http).toBe(400);
    expect(reply.body.params).toEqual({ field: 'username', reason: NUL_REASON });
  });

  it('refuses a NUL character in a signed-in call and writes nothing', async () => {
    const before = await t.db.selectFrom('watchlists').select('id').execute();
    const reply = await t.call('favorite/createList', { name: 'mine\u0000' }, investor.headers);
    expect(reply.http).toBe(400);
    expect(reply.body.params).toEqual({ field: 'name', reason: NUL_REASON });
    expect(await t.db.selectFrom('watchlists').select('id').execute()).toEqual(before);
  });

  it('refuses a NUL character in an object key', async () => {
    const reply = await t.call('market/search', { q: 'a', 'x\u0000': 1 });
    expect(reply.http).toBe(400);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
  });

  it('refuses an unpaired surrogate but takes a paired one', async () => {
    const lone = await t.call(
      'trade/open',
      { symbol: '\ud800', side: 'buy', quantity: 1, price: '1.00' },
      investor.headers,
    );
    expect(lone.http).toBe(400);
    expect(lone.body.params).toEqual({ field: 'symbol', reason: SURROGATE_REASON });
    const paired = await t.call('market/search', { q: '📈' });
    expect(paired.http).toBe(200);
  });

  it('still answers 401 before judging the body of a call that needs a session', async () => {
    const reply = await t.call('favorite/createList', { name: 'a\u0000' });
    expect(reply.http).toBe(401);
  });

  it('refuses out-of-range instants', async () => {
    const audit = await t.call('/api/console/audit/list', { fromMs: 1e308 }, admin.headers);
    expect(audit.http).toBe(400);
    expect(audit.body.params?.field).toBe('fromMs');
    const ledger = await t.call(
      '/api/console/ledger/searchEntries',
      { toMs: 9_007_199_254_740_992 },
      admin.headers,
    );
    expect(ledger.http).toBe(400);
    expect(ledger.body.params?.field).toBe('toMs');
    expect((await t.call('/api/console/audit/list', { fromMs: -1 }, admin.headers)).http).toBe(400);
    expect((await t.call('/api/console/audit/list', { fromMs: t.clock.now() }, admin.headers)).http).toBe(
      200,
    );
  });

  // Every call of the contract, with an otherwise valid body whose strings hold a NUL in turn:
  // each is a 400 VALIDATION_FAILED, never a 500, whoever mounted it.
  it('holds for every call of the contract', async () => {
    const calls = (Object.values(contract) as unknown[]).filter(
      (value): value is CallDefinition =>
        typeof value === 'object' &&
        value !== null &&
        'path' in value &&
        'body' in value &&
        'summary' in value,
    );
    let probed = 0;
    for (const call of calls) {
      const url = call.roles ? `/api/console/${call.path}` : `/api/vue/${call.path}`;
      const headers = call.roles ? admin.headers : investor.headers;
      for (const { body, field, reason } of poisonedBodies(call.body)) {
        const reply = await t.call(url, body, headers);
        if (reply.http === 404 && reply.body.code === 'ROUTE_NOT_FOUND') continue; // defined, not mounted
        expect([reply.http, reply.body.code, reply.body.params?.field], `${url} ${field}`).toEqual([
          400,
          'VALIDATION_FAILED',
          field,
        ]);
        expect(reply.body.params?.reason, `${url} ${field}`).toMatch(reason);
        probed += 1;
      }
    }
    expect(probed).toBeGreaterThan(50);
  });
});

/**
 * For each string or instant field at the top of a body: a valid body (TypeBox's default value)
 * whose field holds a NUL, or for an instant 1e308. Bodies TypeBox cannot build are skipped.
 */
function* poisonedBodies(
  schema: TSchema,
): Generator<{ body: Record<string, unknown>; field: string; reason: RegExp }> {
  let valid: Record<string, unknown>;
  try {
    valid = Value.Create(schema) as Record<string, unknown>;
  } catch {
    return;
  }
  const properties = (schema as { properties?: Record<string, TSchema & Record<string, unknown>> })
    .properties;
  for (const [field, property] of Object.entries(properties ?? {})) {
    if (property.type === 'string' && !property.pattern && !property.format && !property.enum) {
      const text = (typeof valid[field] === 'string' ? (valid[field] as string) : '').slice(0, -1);
      yield { body: { ...valid, [field]: `${text}\u0000` }, field, reason: new RegExp(NUL_REASON) };
    }
    if (property.type === 'number' && property.maximum === EPOCH_MS_RANGE.maximum)
      yield { body: { ...valid, [field]: 1e308 }, field, reason: /^must be <=/ };
  }
}

describe('an idempotent replay', () => {
  it('is byte for byte the first reply', async () => {
    const headers = { ...investor.headers, 'idempotency-key': 'hardening-replay-0001' };
    const body = { name: 'Replayed list' };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/vue/favorite/createList',
      payload: body,
      headers,
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/vue/favorite/createList',
      payload: body,
      headers,
    });
    expect(first.json().status).toBe(1);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
  });
});

describe('caching', () => {
  it('forbids storing any API reply, signed in or not', async () => {
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/vue/user/getUserinfo',
      payload: {},
      headers: investor.headers,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/console/staff/me',
      payload: {},
      headers: admin.headers,
    });
    expect(staff.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'POST', url: '/api/vue/user/getUserinfo', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

describe('uploads', () => {
  it('refuses two file parts and stores nothing', async () => {
    const image = await sampleImage('png');
    const one = multipart('a.png', image);
    const boundary = one.headers['content-type'].split('boundary=')[1];
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        image,
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([part('a.png'), part('b.png'), Buffer.from(`--${boundary}--\r\n`)]);
    const before = await t.db.selectFrom('uploads').select('id').execute();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/vue/upload/file?purpose=kyc',
      payload,
      headers: { ...investor.headers, ...one.headers },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().params).toEqual({ field: 'file', reason: 'exactly one file part' });
    expect(await t.db.selectFrom('uploads').select('id').execute()).toEqual(before);
  });

  it('answers 401 to an anonymous upload even without a purpose', async () => {
    const body = multipart('a.png', await sampleImage('png'));
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/vue/upload/file',
      payload: body.payload,
      headers: body.headers,
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().code).toBe('UNAUTHORIZED');
  });
});

describe('rate-limit counters in Redis', () => {
  it('are named under NIVESH_REDIS_PREFIX', async () => {
    const keys: string[] = [];
    const transaction = {
      incr(key: string) {
        keys.push(key);
        return transaction;
      },
      pexpire: () => transaction,
      exec: async () => [[null, 1]],
    };
    const store = new RedisCounterStore(
      { multi: () => transaction } as unknown as ConstructorParameters<typeof RedisCounterStore>[0],
      'tenant-a:',
    );
    await store.hit('login-address:10.0.0.1', 60_000, 120_000);
    expect(keys).toEqual(['tenant-a:rl:login-address:10.0.0.1:2']);
  });
});

// The rule itself, as the contract states it (packages/contract/src/schema.ts).
describe('findUnsafeText', () => {
  it('names the first unsafe string by its JSON pointer', () => {
    expect(contract.findUnsafeText({ a: ['ok', { 'b/c': 'x\u0000' }] })).toEqual({
      instancePath: '/a/1/b~1c',
      reason: NUL_REASON,
    });
    expect(contract.findUnsafeText({ a: 'ok 📈', n: 1 })).toBeUndefined();
    expect(contract.findUnsafeText('\udc00x')?.reason).toBe(SURROGATE_REASON);
    expect(PLAIN_TEXT_KEYWORD).toBe('x-plain-text');
  });
});
