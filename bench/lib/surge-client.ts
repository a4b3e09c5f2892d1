import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import WebSocket from 'ws';

/*
 * The surge benchmark's client (bench/surge.ts, docs/adr/0030): calls as the investor app makes them,
 * tallied by kind. bench/lib/surge-worker.ts runs a share of the surge's load with it in a child
 * process of its own; bench/surge.ts uses it directly for the sign-ins before the surge and for the
 * capacity measurement.
 */

export const CLIENT_TIMEOUT_MS = 10_000;
export const PASSWORD = 'Surge1234';
export const SYMBOL = 'RELIANCE';
const log = (line: string) => process.stdout.write(`${line}\n`);

/**
 * What a call is tallied as: `order_open`/`order_close` are the signed-in traders' round trips,
 * `cohort_open`/`cohort_close` the arriving cohort's first order (a new session, first accounts).
 */
export type Kind =
  | 'sign_in'
  | 'ws_subscribe'
  | 'account'
  | 'order_open'
  | 'order_close'
  | 'cohort_open'
  | 'cohort_close';
export const KINDS: Kind[] = [
  'sign_in',
  'ws_subscribe',
  'account',
  'order_open',
  'order_close',
  'cohort_open',
  'cohort_close',
];
export const ORDER_KINDS: Kind[] = ['order_open', 'order_close', 'cohort_open', 'cohort_close'];

export interface TallyFigures {
  latencies: Record<Kind, number[]>;
  counts: Tally['counts'];
  timeoutsByKind: Record<Kind, number>;
  openedIds: string[];
  closedIds: string[];
}

export class Tally {
  /** A probe's tally (waiting for the first price): its refusals are expected, not printed. */
  constructor(readonly quiet = false) {}
  readonly latencies = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
  readonly counts = {
    status5xx: 0,
    status429: 0,
    status429WithoutRetryAfter: 0,
    timeouts: 0,
    /**
     * Retries (after a 429's Retry-After) still unanswered when the call's 10 s ran out: the client
     * spent its budget waiting as told, rather than the server leaving one request unanswered.
     */
    retriesCutShort: 0,
    refusals: 0,
    gaveUp: 0,
  };
  readonly timeoutsByKind = new Map<Kind, number>(KINDS.map((kind) => [kind, 0]));
  timedOut(kind: Kind) {
    this.counts.timeouts += 1;
    this.timeoutsByKind.set(kind, this.timeoutsByKind.get(kind)! + 1);
  }
  readonly openedIds: string[] = [];
  readonly closedIds: string[] = [];
  accepted(kind: Kind, ms: number) {
    this.latencies.get(kind)!.push(ms);
  }
  /** What a client worker sends back to bench/surge.ts (plain data, for the IPC channel). */
  figures(): TallyFigures {
    return {
      latencies: Object.fromEntries(this.latencies) as Record<Kind, number[]>,
      counts: { ...this.counts },
      timeoutsByKind: Object.fromEntries(this.timeoutsByKind) as Record<Kind, number>,
      openedIds: this.openedIds,
      closedIds: this.closedIds,
    };
  }
  /** Adds a worker's figures to this tally. */
  add(figures: TallyFigures) {
    for (const kind of KINDS) {
      for (const ms of figures.latencies[kind]) this.latencies.get(kind)!.push(ms);
      this.timeoutsByKind.set(kind, this.timeoutsByKind.get(kind)! + figures.timeoutsByKind[kind]);
    }
    for (const key of Object.keys(this.counts) as Array<keyof Tally['counts']>)
      this.counts[key] += figures.counts[key];
    this.openedIds.push(...figures.openedIds);
    this.closedIds.push(...figures.closedIds);
  }
  summary(seconds: number) {
    const byKind: Record<string, { perSecond: number; p50Ms: number; p99Ms: number }> = {};
    for (const kind of KINDS) {
      const values = [...this.latencies.get(kind)!].sort((a, b) => a - b);
      const at = (share: number) =>
        values[Math.min(values.length - 1, Math.floor(share * values.length))] ?? 0;
      byKind[kind] = { perSecond: values.length / seconds, p50Ms: at(0.5), p99Ms: at(0.99) };
    }
    return byKind;
  }
}

// Distinct client addresses (in the loopback range), passed as X-Forwarded-For to servers that trust
// the proxy, so the per-address sign-in limit sees many investors rather than one bench.
let addressCounter = 0;
/** Where this process's addresses start: each client worker has a range of its own. */
export const startAddressesAt = (first: number) => {
  addressCounter = first;
};
const nextAddress = () => {
  addressCounter += 1;
  return `127.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

interface Answer {
  http: number;
  retryAfterSeconds: number;
  /** Whether the answer carried a Retry-After header (every 429 must, ADR 0030). */
  hasRetryAfter: boolean;
  envelope: { status?: number; code?: string; data?: Record<string, unknown> } | undefined;
}

// One keep-alive agent for every call this process makes: undici's request() costs about half
// the CPU of fetch() a call, and the client shares the cores with the servers it measures.
const agent = new Agent({ keepAliveTimeout: 30_000 });

export async function post(
  base: string,
  callPath: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal,
) {
  const response = await request(`${base}/api/vue/${callPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
    dispatcher: agent,
  });
  const text = await response.body.text();
  let envelope: Answer['envelope'];
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  const retryAfter = response.headers['retry-after'];
  return {
    http: response.statusCode,
    retryAfterSeconds: Number(retryAfter ?? 1) || 1,
    hasRetryAfter: retryAfter !== undefined,
    envelope,
  } satisfies Answer;
}

/**
 * One call as the investor app makes it: 10 s in all; a 429 waits its Retry-After and goes again with
 * the same body and Idempotency-Key. Answers the accepted envelope's data, or undefined (tallied).
 */
export async function callAsApp(
  tally: Tally,
  kind: Kind,
  base: string,
  callPath: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Record<string, unknown> | undefined> {
  const startedAt = performance.now();
  const deadline = startedAt + CLIENT_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    const attemptStartedAt = performance.now();
    let answer: Answer;
    try {
      answer = await post(
        base,
        callPath,
        body,
        headers,
        AbortSignal.timeout(Math.max(1, Math.ceil(deadline - attemptStartedAt))),
      );
    } catch (error) {
      if (attempt > 1 && performance.now() >= deadline - 1) {
        tally.counts.retriesCutShort += 1;
        return undefined;
      }
      tally.timedOut(kind);
      if (tally.counts.timeouts === 1 && performance.now() < deadline)
        log(
          `  ${callPath} failed before its time: ${(error as Error).message} ${String((error as Error).cause ?? '')}`,
        );
      return undefined;
    }
    if (answer.http >= 500) {
      tally.counts.status5xx += 1;
      return undefined;
    }
    if (answer.http === 429) {
      tally.counts.status429 += 1;
      if (!answer.hasRetryAfter) tally.counts.status429WithoutRetryAfter += 1;
      const waitMs = answer.retryAfterSeconds * 1000;
      if (performance.now() + waitMs >= deadline) {
        tally.counts.gaveUp += 1;
        return undefined;
      }
      await sleep(waitMs);
      continue;
    }
    if (answer.envelope?.status !== 1) {
      tally.counts.refusals += 1;
      if (!tally.quiet && tally.counts.refusals <= 3)
        log(`  refusal on ${callPath}: ${JSON.stringify(answer.envelope)}`);
      return undefined;
    }
    // The accepted request's own latency (its last attempt), as the server answered it.
    tally.accepted(kind, performance.now() - attemptStartedAt);
    return answer.envelope.data ?? {};
  }
}

export interface Session {
  token: string;
  account: string;
  address: string;
}
export const sessionHeaders = (session: Session) => ({
  token: session.token,
  account: session.account,
  'x-forwarded-for': session.address,
});

export async function signIn(tally: Tally, base: string, phone: string): Promise<Session | undefined> {
  const address = nextAddress();
  const data = await callAsApp(
    tally,
    'sign_in',
    base,
    'user/login',
    { account: phone, password: PASSWORD },
    { 'x-forwarded-for': address },
  );
  return data ? { token: String(data.token), account: phone, address } : undefined;
}

/** Opens a market order and closes it; `cohort`: tallied as the cohort's first order. */
export async function roundTrip(tally: Tally, base: string, session: Session, cohort = false): Promise<void> {
  const opened = await callAsApp(
    tally,
    cohort ? 'cohort_open' : 'order_open',
    base,
    'trade/open',
    { symbol: SYMBOL, side: 'long', orderType: 'market', quantity: 1, leverage: 1 },
    { ...sessionHeaders(session), 'idempotency-key': randomUUID() },
  );
  if (!opened) return;
  tally.openedIds.push(String(opened.id));
  const closed = await callAsApp(
    tally,
    cohort ? 'cohort_close' : 'order_close',
    base,
    'trade/close',
    { id: opened.id },
    { ...sessionHeaders(session), 'idempotency-key': randomUUID() },
  );
  if (closed) tally.closedIds.push(String(opened.id));
}

/** Connects, subscribes to quotes, and answers once the server confirmed (or undefined after 10 s). */
export async function subscribeQuotes(tally: Tally, base: string): Promise<WebSocket | undefined> {
  const startedAt = performance.now();
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/vue/ws`);
  const confirmed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CLIENT_TIMEOUT_MS);
    socket.on('open', () =>
      socket.send(JSON.stringify({ op: 'subscribe', symbols: [SYMBOL], mode: 'quote' })),
    );
    socket.on('message', (data: Buffer) => {
      if (String(data).includes('"subscribed"')) {
        clearTimeout(timer);
        resolve(true);
      }
    });
    socket.on('unexpected-response', (_request, response) => {
      if ((response.statusCode ?? 0) === 429) {
        tally.counts.status429 += 1;
        if (response.headers['retry-after'] === undefined) tally.counts.status429WithoutRetryAfter += 1;
      } else if ((response.statusCode ?? 0) >= 500) tally.counts.status5xx += 1;
      clearTimeout(timer);
      resolve(false);
    });
    socket.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  if (!confirmed) {
    socket.terminate();
    tally.timedOut('ws_subscribe');
    return undefined;
  }
  tally.accepted('ws_subscribe', performance.now() - startedAt);
  return socket;
}

/** The app opened at 09:15: sign in, follow quotes, read the account, place an order and close it. */
export async function cohortMember(tally: Tally, base: string, phone: string): Promise<void> {
  const session = await signIn(tally, base, phone);
  if (!session) return;
  const socket = await subscribeQuotes(tally, base);
  try {
    await callAsApp(tally, 'account', base, 'user/getUserinfo', {}, sessionHeaders(session));
    await roundTrip(tally, base, session, true);
  } finally {
    socket?.terminate();
  }
}

/** Runs `work` from `clients` loops for `durationMs`; answers how many finished. */
export async function closedLoop(
  clients: number,
  durationMs: number,
  work: (client: number) => Promise<boolean>,
) {
  const endsAt = performance.now() + durationMs;
  let done = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < endsAt) if (await work(client)) done += 1;
    }),
  );
  return done;
}

/** Starts `perSecond` tasks a second (spread over 100 ms slots) for `durationMs`; waits for all to end. */
export async function openLoop(
  perSecond: number,
  durationMs: number,
  start: (index: number) => Promise<void>,
) {
  const running: Promise<void>[] = [];
  const startedAt = performance.now();
  let index = 0;
  // What is owed follows the clock, not the count of timer beats: a late beat starts the missed tasks.
  for (let elapsedMs = 0; elapsedMs < durationMs; elapsedMs = performance.now() - startedAt) {
    while (index < Math.floor((perSecond * elapsedMs) / 1000)) running.push(start(index++).catch(() => {}));
    await sleep(100);
  }
  await Promise.all(running);
  return index;
}
