import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { KiteConnect, KiteTicker } from 'kiteconnect';
import { expect } from 'vitest';
import { writeParameter } from '../src/repositories/parameter.repository.js';
import { upsertQuotes } from '../src/repositories/quote.repository.js';
import type { TestInvestor } from './fixtures.js';
import type { TestApp } from './harness.js';
import { publishPrice } from './trading-helpers.js';

/**
 * Shared steps of the Kite-compatible transport's tests: a listening server the official
 * `kiteconnect` client talks to over real HTTP, API apps, the login page, and prices that both the
 * engine (the bus) and the quote endpoints (the stored quotes) see.
 */

export async function listen(t: TestApp): Promise<{ origin: string; root: string }> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { origin, root: `${origin}/kite` };
}

/** Raises the Kite rate limits out of the way of a test's burst (the manual clock never moves on). */
export async function liftKiteRateLimits(t: TestApp, perSecond = 1_000): Promise<void> {
  for (const name of [
    'kite_rate_quote_per_second',
    'kite_rate_historical_per_second',
    'kite_rate_orders_per_second',
    'kite_rate_other_per_second',
  ] as const)
    await writeParameter(t.db, name, perSecond, t.clock.now());
}

/** A price on the bus (the engine and trading) and in the stored quotes (Kite's /quote), at the clock's time. */
export async function setPrice(
  t: TestApp,
  symbol: string,
  pricePaise: bigint,
  previousClosePaise = pricePaise,
): Promise<void> {
  publishPrice(t, symbol, pricePaise, { previousClosePaise });
  await upsertQuotes(t.db, [
    {
      symbol,
      pricePaise,
      previousClosePaise,
      openPaise: previousClosePaise,
      highPaise: pricePaise > previousClosePaise ? pricePaise : previousClosePaise,
      lowPaise: pricePaise < previousClosePaise ? pricePaise : previousClosePaise,
      volume: 1_000n,
      turnoverPaise: pricePaise * 1_000n,
      tickAtMs: t.clock.now(),
      simulated: true,
      source: 'simulated',
    },
  ]);
}

export interface TestApiApp {
  id: string;
  apiKey: string;
  apiSecret: string;
}

export async function createApiApp(
  t: TestApp,
  investor: TestInvestor,
  redirectUrl = 'https://algo.example/callback',
): Promise<TestApiApp> {
  const created = await t.call('apiApps/create', { name: 'My strategy', redirectUrl }, investor.headers);
  expect(created.body.status, JSON.stringify(created.body)).toBe(1);
  return {
    id: created.body.data.app.id,
    apiKey: created.body.data.app.apiKey,
    apiSecret: created.body.data.apiSecret,
  };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Posts the login page's form as a browser would; answers the status, the page and the redirect. */
export async function postLoginForm(
  origin: string,
  apiKey: string,
  fields: Record<string, string>,
  lang = 'en',
): Promise<{ status: number; html: string; location: string | null }> {
  const response = await fetch(`${origin}/kite/connect/login?api_key=${apiKey}&v=3&lang=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(fields),
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') };
}

/** Signs in through the login page with the password alone; answers the request token it hands out. */
export async function requestTokenFor(
  origin: string,
  app: TestApiApp,
  investor: TestInvestor,
): Promise<string> {
  const signedIn = await postLoginForm(origin, app.apiKey, {
    account: investor.phone,
    password: investor.password,
  });
  expect(signedIn.status, signedIn.html).toBe(302);
  const token = new URL(signedIn.location!).searchParams.get('request_token');
  expect(token).toBeTruthy();
  return token!;
}

/**
 * How long the tests' official clients wait for an answer. The client's own default is 7 s: a test
 * checks what is answered, and on a loaded machine (two suites at once on two cores) a call once
 * took longer and read as the client's NetworkException.
 */
export const KITE_CLIENT_TIMEOUT_MS = 60_000;

/** An official client with a session: the login page, then generateSession with the app's secret. */
export async function signedInClient(origin: string, root: string, app: TestApiApp, investor: TestInvestor) {
  const kc = new KiteConnect({ api_key: app.apiKey, root, timeout: KITE_CLIENT_TIMEOUT_MS });
  const session = await kc.generateSession(await requestTokenFor(origin, app, investor), app.apiSecret);
  return { kc, session };
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Runs a client call that must be refused; answers the client's rejection object. */
export async function rejectionOf(
  promise: Promise<unknown>,
): Promise<{ error_type: string; message: string; status?: string }> {
  try {
    const value = await promise;
    throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('expected a rejection')) throw error;
    return error as { error_type: string; message: string };
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the client's tick objects are loosely typed.
export type KiteTick = any;

/**
 * A connected official KiteTicker at `origin`'s /kite/ws and the ticks and order updates it emits.
 * The client keeps one socket and its reconnection state in module globals: one ticker at a time in
 * a process, closed without reconnecting (a ticker told to stop ends the process on a reconnect).
 */
export async function connectKiteTicker(origin: string, apiKey: string, accessToken: string) {
  // The client's types omit `root`, which its code honours (reference section 0).
  const ticker = new KiteTicker({
    api_key: apiKey,
    access_token: accessToken,
    root: `${origin.replace('http', 'ws')}/kite/ws`,
  } as ConstructorParameters<typeof KiteTicker>[0]);
  ticker.autoReconnect(false, 0, 5);
  const ticks: KiteTick[] = [];
  const orders: KiteTick[] = [];
  ticker.on('ticks', (batch: KiteTick[]) => ticks.push(...batch));
  ticker.on('order_update', (order: KiteTick) => orders.push(order));
  await new Promise<void>((resolve) => {
    ticker.on('connect', () => resolve());
    ticker.connect();
  });
  return { ticker, ticks, orders };
}

/** Waits up to 20 s for `check`: under a whole suite on two cores a tick can take seconds to arrive. */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 800; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`waited for ${what}`);
}
