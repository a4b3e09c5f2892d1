import { createConnection, createServer, type Socket } from 'node:net';
import { KiteTicker } from 'kiteconnect';
import { describe, expect, it } from 'vitest';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';
import { createApiApp, liftKiteRateLimits, listen, signedInClient, until } from './kite-fixtures.js';

const t = await startTestApp();
const { origin, root } = await listen(t);
await liftKiteRateLimits(t);

// The client keeps its reconnection state in module globals (a ticker told to disconnect stops
// every later one from reconnecting, and ends the process): this test has a process of its own.
describe('the Kite ticker’s liveness when the network drops the server’s side (acceptance test 7)', () => {
  it('is left by the client when the heartbeats stop (within 5 to 10 s), and the client reconnects', async () => {
    const investor = await createInvestor(t);
    const app = await createApiApp(t, investor);
    const { session } = await signedInClient(origin, root, app, investor);
    // A TCP relay between client and server that can swallow what the server sends on one
    // connection: a network that drops the server's side while the socket stays open.
    const serverPort = Number(new URL(origin).port);
    const relayed: { fromServer: Socket; swallow: boolean }[] = [];
    const relay = createServer((fromClient) => {
      const fromServer = createConnection(serverPort, '127.0.0.1');
      const link = { fromServer, swallow: false };
      relayed.push(link);
      fromClient.pipe(fromServer);
      fromServer.on('data', (chunk) => {
        if (!link.swallow) fromClient.write(chunk);
      });
      const end = () => {
        fromClient.destroy();
        fromServer.destroy();
      };
      fromClient.on('error', end).on('close', end);
      fromServer.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayPort = (relay.address() as { port: number }).port;

    const ticker = new KiteTicker({
      api_key: app.apiKey,
      access_token: session.access_token,
      root: `ws://127.0.0.1:${relayPort}/kite/ws`,
    } as ConstructorParameters<typeof KiteTicker>[0]);
    // Reconnect after a second (the client's first interval), at most a few times.
    ticker.autoReconnect(true, 3, 5);
    const events: { name: string; atMs: number }[] = [];
    ticker.on('connect', () => events.push({ name: 'connect', atMs: Date.now() }));
    ticker.on('disconnect', () => events.push({ name: 'disconnect', atMs: Date.now() }));
    ticker.on('reconnect', () => events.push({ name: 'reconnect', atMs: Date.now() }));
    await new Promise<void>((resolve) => {
      ticker.on('connect', () => resolve());
      ticker.connect();
    });

    const stoppedAtMs = Date.now();
    relayed[0]!.swallow = true;
    await until(() => events.filter((event) => event.name === 'connect').length >= 2, 'the reconnection');

    const disconnect = events.find((event) => event.name === 'disconnect')!;
    // The client's read timeout is 5 s, checked every 5 s: it gives up between 5 and 10 s.
    expect(disconnect.atMs - stoppedAtMs).toBeGreaterThanOrEqual(4_900);
    expect(disconnect.atMs - stoppedAtMs).toBeLessThan(10_500);
    // The client reports the timeout, then the close of the socket it gave up on, as two
    // disconnects, each followed by a reconnection attempt: 'connect' comes after the last.
    const names = events.map((event) => event.name);
    expect(names.slice(0, 3)).toEqual(['connect', 'disconnect', 'reconnect']);
    expect(names.at(-1)).toBe('connect');
    expect(relayed.length).toBeGreaterThanOrEqual(2);
    expect(ticker.connected()).toBe(true);

    // Close without the client's reconnection, which ends the process once told to stop.
    ticker.autoReconnect(false, 0, 5);
    ticker.disconnect();
    relay.close();
    for (const link of relayed) link.fromServer.destroy();
  }, 60_000);
});
