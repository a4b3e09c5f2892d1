import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addListenCopies, type ListenCopies } from '../src/http/listen-copies.js';

/*
 * Copies of the listening descriptor (docs/adr/0039): libuv accepts one connection per descriptor
 * each event-loop turn, so a turn that follows a busy one accepts as many connections as there are
 * descriptors, and every one is served by the same HTTP server.
 */

const servers: http.Server[] = [];
const copiesMade: ListenCopies[] = [];
afterEach(async () => {
  for (const copies of copiesMade.splice(0)) await copies.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listeningServer() {
  const server = http.createServer((_request, response) => response.end('served'));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}

/**
 * Opens `count` connections while this process's event loop is held (the kernel completes their
 * handshakes meanwhile), and answers how many the first turn that polled accepted: counted at the
 * first check phase (setImmediate, which runs after a turn's poll phase) that found any.
 */
async function acceptedInOneTurn(server: http.Server, port: number, count: number) {
  let accepted = 0;
  const onConnection = () => {
    accepted += 1;
  };
  server.on('connection', onConnection);
  const sockets = Array.from({ length: count }, () => net.connect(port, '127.0.0.1'));
  const heldUntil = performance.now() + 100;
  while (performance.now() < heldUntil) {
    // holds the event loop, as a burst of order work does
  }
  const inOneTurn = await new Promise<number>((resolve) => {
    const check = () => (accepted > 0 ? resolve(accepted) : setImmediate(check));
    setImmediate(check);
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.off('connection', onConnection);
  const acceptedInAll = accepted;
  for (const socket of sockets) socket.destroy();
  return { inOneTurn, acceptedInAll };
}

const get = (port: number) =>
  new Promise<string>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve(body));
      })
      .on('error', reject),
  );

describe('copies of the listening descriptor', () => {
  it('accept one connection each per event-loop turn, where the server alone accepts one', async () => {
    const alone = await listeningServer();
    const withoutCopies = await acceptedInOneTurn(alone.server, alone.port, 12);
    expect(withoutCopies.inOneTurn).toBe(1);
    expect(withoutCopies.acceptedInAll).toBe(12);

    const copied = await listeningServer();
    const copies = await addListenCopies(copied.server, 5);
    copiesMade.push(copies);
    expect(copies.count).toBe(5);
    const withCopies = await acceptedInOneTurn(copied.server, copied.port, 12);
    expect(withCopies.inOneTurn).toBe(6);
    expect(withCopies.acceptedInAll).toBe(12);
  });

  it('serve every connection through the server, and stop accepting once the server and they close', async () => {
    const { server, port } = await listeningServer();
    const copies = await addListenCopies(server, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(port)));
    expect(answers).toEqual(Array.from({ length: 20 }, () => 'served'));

    await copies.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    servers.splice(servers.indexOf(server), 1);
    await expect(get(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('are none when none are asked for', async () => {
    const { server, port } = await listeningServer();
    const copies = await addListenCopies(server, 0);
    expect(copies.count).toBe(0);
    expect(await get(port)).toBe('served');
  });
});
