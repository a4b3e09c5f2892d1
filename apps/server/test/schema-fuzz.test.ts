import { type ErrorCode, errorMessage, type Language, STAFF_ROLES } from '@nivesh/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcileLedger } from '../src/use-cases/ledger/reconcile-ledger.js';
import { createInvestor, createStaff } from './fixtures.js';
import { startTestApp } from './harness.js';
import { seededRandom, seededSample, suiteSeed } from './suite-seed.js';
import { publishPrice } from './trading-helpers.js';

/**
 * Schema fuzz of every route in the two OpenAPI documents (docs/adr/0024): wrong types, missing and
 * extra fields, huge and control-character strings, bad money strings, bad JSON and wrong content
 * types, each sent by a signed-in caller so the body is what is judged. No reply may be a 5xx or
 * show a stack or SQL; every refusal speaks the request's language; the ledger reconciles after.
 */
const t = await startTestApp();
const seed = suiteSeed('schema fuzz');
const random = seededRandom(seed);
publishPrice(t, 'RELIANCE', 100_000n, { previousClosePaise: 100_000n });

// biome-ignore lint/suspicious/noExplicitAny: OpenAPI schemas are read as plain JSON.
type Schema = Record<string, any>;

// A stack frame is `at name (file:line:column)`; prose such as "traded at once (on by default)" is not.
const LEAKS =
  /\bat [\w.<>]+ \([^)]*:\d+:\d+\)|\.ts:\d+|node_modules|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error at|relation "|violates .* constraint/i;
const LANGUAGES: Language[] = ['hi', 'zh'];
const ACCEPT_LANGUAGE: Record<Language, string> = { en: 'en', hi: 'hi-IN,hi;q=0.9', zh: 'zh-CN,zh;q=0.9' };

const BAD_MONEY = [
  '1e9',
  '-0.001',
  'NaN',
  'Infinity',
  '12,34',
  '١٢٣.٠٠',
  '0x10',
  ' 1.00',
  `${'9'.repeat(30)}.00`,
  '1.2.3',
];
const NASTY_TEXT = [
  'a\u0000b',
  '\ud800',
  '\u0007\u001b[31m',
  'x'.repeat(200_000),
  "'; DROP TABLE users; --",
  '\u202e',
];
const WRONG_VALUES: unknown[] = [null, true, 1e300, -1, 1.5, [], [1, 'a'], { nested: { deep: 1 } }, ''];

const isStringish = (schema: Schema): boolean =>
  schema?.type === 'string' || (Array.isArray(schema?.anyOf) && schema.anyOf.some(isStringish));
const isMoney = (schema: Schema): boolean => /rupees/.test(String(schema?.description ?? ''));

/** The bodies tried on one call: each a mutation of the call's schema, drawn from the seed. */
function mutatedBodies(schema: Schema, callSeed: number): { label: string; body: unknown }[] {
  const properties: Record<string, Schema> = schema?.properties ?? {};
  const required: string[] = schema?.required ?? [];
  const names = Object.keys(properties);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const bodies: { label: string; body: unknown }[] = [
    { label: 'extra field', body: { unexpectedField: 'x' } },
    { label: 'array body', body: [1, 2] },
    { label: 'string body', body: 'just text' },
  ];
  if (required.length > 0) bodies.push({ label: 'missing fields', body: {} });
  for (const name of names) {
    const field = properties[name]!;
    bodies.push({ label: `${name}: wrong type`, body: { [name]: pick(WRONG_VALUES) } });
    if (isStringish(field)) bodies.push({ label: `${name}: nasty text`, body: { [name]: pick(NASTY_TEXT) } });
    if (isMoney(field)) bodies.push({ label: `${name}: bad money`, body: { [name]: pick(BAD_MONEY) } });
  }
  // A few arbitrary JSON values shaped like the body, from fast-check.
  for (const value of seededSample(
    fc.dictionary(fc.constantFrom(...(names.length ? names : ['x'])), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 3,
    }),
    callSeed,
    2,
  ))
    bodies.push({ label: 'arbitrary JSON', body: value });
  return bodies;
}

describe('schema fuzz of every route of the OpenAPI documents', () => {
  it('answers no 5xx, leaks no stack or SQL, refuses in the request language, and the ledger reconciles', async () => {
    const investor = await createInvestor(t, { cashPaise: 10_000_000n, fundPassword: 'Fund1234' });
    const staff = await createStaff(t, [...STAFF_ROLES]);
    const figures = {
      routes: 0,
      cases: 0,
      serverErrors: 0,
      leaks: [] as string[],
      wrongLanguage: [] as string[],
    };
    const problems: string[] = [];

    const send = async (
      url: string,
      headers: Record<string, string>,
      payload: string | Buffer,
      contentType: string,
      label: string,
    ) => {
      const language = LANGUAGES[figures.cases % LANGUAGES.length]!;
      figures.cases++;
      const reply = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.9.${figures.cases % 250}.${Math.floor(figures.cases / 250) % 250}`,
        payload,
        headers: { ...headers, 'content-type': contentType, 'accept-language': ACCEPT_LANGUAGE[language] },
      });
      const where = `${url} (${label})`;
      if (reply.statusCode >= 500) {
        figures.serverErrors++;
        problems.push(`${where}: ${reply.statusCode} ${reply.body.slice(0, 200)}`);
      }
      if (LEAKS.test(reply.body)) figures.leaks.push(`${where}: ${reply.body.slice(0, 200)}`);
      const isJson = String(reply.headers['content-type'] ?? '').startsWith('application/json');
      if (isJson) {
        const body = reply.json() as {
          status: number;
          code?: ErrorCode;
          msg: string;
          params?: Record<string, string>;
        };
        if (body.status === 0 && body.msg !== errorMessage(body.code!, language, body.params ?? {}))
          figures.wrongLanguage.push(`${where}: ${language} ${body.code} "${body.msg}"`);
      }
    };

    // biome-ignore lint/suspicious/noExplicitAny: plain JSON documents.
    const documents: [string, any, Record<string, string>][] = [
      ['/api/vue/openapi.json', null, investor.headers],
      ['/api/console/openapi.json', null, staff.headers],
    ];
    for (const entry of documents) entry[1] = (await t.app.inject({ method: 'GET', url: entry[0] })).json();

    for (const [, document, headers] of documents) {
      for (const [url, item] of Object.entries<Schema>(document.paths)) {
        const operation = item.post;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (!schema) continue; // The multipart upload has its own tests (funds-uploads.test.ts).
        figures.routes++;
        const callHeaders = operation.security.length > 0 ? headers : {};
        for (const { label, body } of mutatedBodies(schema, seed + figures.routes))
          await send(url, callHeaders, JSON.stringify(body), 'application/json', label);
        await send(url, callHeaders, '{"broken": ', 'application/json', 'bad JSON');
        await send(url, callHeaders, '{}', 'text/plain', 'wrong content type');
        await send(url, callHeaders, 'a=1&b=2', 'application/x-www-form-urlencoded', 'form body');
      }
    }
    const reconciliation = await reconcileLedger(t.db, t.clock.now());
    console.log(
      `schema fuzz: ${figures.routes} routes, ${figures.cases} cases, ${figures.serverErrors} 5xx, ` +
        `${figures.leaks.length} leaks, ${figures.wrongLanguage.length} in the wrong language, ` +
        `${reconciliation.problems.length} reconciliation problems (seed ${seed})`,
    );
    expect(problems).toEqual([]);
    expect(figures.leaks).toEqual([]);
    expect(figures.wrongLanguage).toEqual([]);
    expect(reconciliation.problems).toEqual([]);
  }, 300_000);
});
