import { spawn } from 'node:child_process';
import type { Server, Socket } from 'node:net';

/*
 * More than one connection accepted per event-loop turn (docs/adr/0039).
 *
 * libuv, since 1.45 (Node.js 20), accepts one connection each time the event loop polls the
 * listening socket, not every waiting one (libuv pull request 3696). A process busy with orders
 * turns its loop every 30–100 ms, so it accepts 10–30 connections a second while a market open
 * brings hundreds: they waited seconds in the kernel's queue, counted by no server timer.
 *
 * Each copy is another descriptor of the same listening socket, polled on its own: every turn
 * accepts one connection per descriptor. Node.js has no call that duplicates a descriptor; passing
 * the socket to a child process over its IPC channel and back does (the kernel gives the receiver a
 * new descriptor of the same socket), with Node.js's documented `subprocess.send(message, server)`.
 */

/**
 * The helper child: receives the listening server, sends it back `count` times, then closes its own
 * descriptor. A connection its copy accepted meanwhile is sent back too, so none is lost; its
 * 'closed' message comes after all of them (a channel's messages keep their order).
 */
const CHILD_SOURCE = `
process.once('message', (message, listening) => {
  listening.on('connection', (socket) => process.send('connection', socket));
  for (let index = 0; index < message.count; index++) process.send('copy', listening);
  process.once('message', () => listening.close(() => process.send('closed')));
});
`;

export interface ListenCopies {
  /** How many copies listen. */
  readonly count: number;
  /** Stops the copies accepting (the server's own descriptor is closed by the server). */
  close(): Promise<void>;
}

/**
 * Adds `count` copies of `server`'s listening descriptor, whose connections `server` serves as its
 * own. `server` must be listening. With `count` 0 nothing is started.
 */
export async function addListenCopies(server: Server, count: number): Promise<ListenCopies> {
  const copies: Server[] = [];
  const closeCopies = () =>
    Promise.all(copies.map((copy) => new Promise<void>((resolve) => copy.close(() => resolve())))).then(
      () => undefined,
    );
  if (count <= 0) return { count: 0, close: closeCopies };
  const serve = (socket: Socket) => server.emit('connection', socket);
  // Spawned with none of the parent's flags (a loader, an inspector port): it runs only CHILD_SOURCE.
  const child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the listen-copies helper exited ${code}`)));
      child.on('message', (message: unknown, handle: unknown) => {
        if (message === 'copy') {
          const copy = handle as Server;
          copy.on('connection', serve);
          copies.push(copy);
          if (copies.length === count) child.send('close');
        } else if (message === 'connection') serve(handle as Socket);
        else if (message === 'closed') resolve();
      });
      child.send({ count }, server);
    });
  } catch (error) {
    await closeCopies();
    throw error;
  } finally {
    child.removeAllListeners('exit');
    if (child.connected) child.disconnect();
  }
  return { count: copies.length, close: closeCopies };
}
