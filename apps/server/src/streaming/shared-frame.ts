import type { Writable } from 'node:stream';
import type { WebSocket } from '@fastify/websocket';
import type { StreamSocket } from './stream-hub.js';

/**
 * One frame that many connections get byte for byte: in a beat, every connection that follows the
 * same symbols (in the same order and modes) and was sent the index ticker up to the same version
 * gets the same `ticks` frame. The hub builds its text once and the WebSocket bytes (header and
 * payload in one Buffer) at most once, instead of once per connection (bench/ws-fanout.ts: with
 * 10,000 sockets a beat is about 10,000 sends, and what each send costs in JavaScript counts).
 */
export class SharedFrame {
  private bytes: Buffer | undefined;

  constructor(readonly text: string) {}

  /** The whole unmasked, uncompressed WebSocket text frame, as `ws` itself would write it. */
  get webSocketBytes(): Buffer {
    if (this.bytes === undefined) this.bytes = webSocketTextFrame(this.text);
    return this.bytes;
  }
}

/**
 * A binary frame many connections get byte for byte (the Kite ticker's packets of a beat,
 * http/kite/kite-ticker.ts): its WebSocket bytes are built at most once, as for SharedFrame.
 */
export class SharedBinaryFrame {
  private bytes: Buffer | undefined;

  constructor(readonly payload: Uint8Array) {}

  /** The whole unmasked, uncompressed WebSocket binary frame. */
  get webSocketBytes(): Buffer {
    if (this.bytes === undefined) {
      const frame = webSocketFrame(0x82, this.payload.length);
      frame.set(this.payload, frame.length - this.payload.length);
      this.bytes = frame;
    }
    return this.bytes;
  }
}

/** RFC 6455 §5.2: FIN + `opcode`, no mask (server to client), the payload length; payload left to fill. */
function webSocketFrame(opcode: number, payloadBytes: number): Buffer {
  const headerBytes = payloadBytes < 126 ? 2 : payloadBytes < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + payloadBytes);
  frame[0] = opcode;
  if (payloadBytes < 126) {
    frame[1] = payloadBytes;
  } else if (payloadBytes < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(payloadBytes, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(payloadBytes), 2);
  }
  return frame;
}

/** FIN + text opcode, no mask (server to client), then the payload length and the UTF-8 text. */
export function webSocketTextFrame(text: string): Buffer {
  const payloadBytes = Buffer.byteLength(text, 'utf8');
  const frame = webSocketFrame(0x81, payloadBytes);
  frame.write(text, frame.length - payloadBytes, 'utf8');
  return frame;
}

const OPEN = 1;

/**
 * A `ws` WebSocket as the hub sees it. Shared frames go to the underlying TCP stream as one
 * pre-built Buffer (one `write`, no per-connection framing, copying or `writev` of header and
 * payload); everything else goes through `ws` as before.
 *
 * Writing to the stream under `ws` is safe only while `ws` itself writes each frame at once, in
 * order: that holds when no extension is negotiated (no permessage-deflate, which would queue
 * frames while compressing; the app never enables it) and nothing is sent as a Blob (the app
 * never does). `_socket` is not public API of `ws`: without it (another version), or with an
 * extension, shared frames go through `ws.send` like the rest.
 */
export class WebSocketStreamSocket implements StreamSocket {
  private readonly stream: Writable | undefined;

  constructor(readonly webSocket: WebSocket) {
    const stream = (webSocket as unknown as { _socket?: Writable })._socket;
    this.stream = webSocket.extensions === '' && typeof stream?.write === 'function' ? stream : undefined;
  }

  get readyState(): number {
    return this.webSocket.readyState;
  }

  get bufferedAmount(): number {
    // Counts what was written to the stream directly too (ws adds the stream's buffered length).
    return this.webSocket.bufferedAmount;
  }

  send(data: string): void {
    this.webSocket.send(data);
  }

  sendShared(frame: SharedFrame | SharedBinaryFrame): void {
    if (this.stream && this.webSocket.readyState === OPEN) this.stream.write(frame.webSocketBytes);
    else if (frame instanceof SharedFrame) this.webSocket.send(frame.text);
    else this.webSocket.send(frame.payload, { binary: true });
  }

  close(code?: number, reason?: string): void {
    this.webSocket.close(code, reason);
  }
}
