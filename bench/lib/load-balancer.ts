import http from 'node:http';
import net from 'node:net';

/**
 * A small round-robin load balancer on the loopback for the surge benchmark: each HTTP request and
 * each WebSocket upgrade goes to the next backend, as a cloud balancer without stickiness would send
 * them. Requests are piped as they come (headers, X-Forwarded-For included, pass unchanged); a
 * backend that cannot be reached answers 502.
 */
export async function startLoadBalancer(backendPorts: number[], port: number): Promise<http.Server> {
  let next = 0;
  const pick = () => backendPorts[next++ % backendPorts.length]!;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((request, response) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: pick(),
        method: request.method,
        path: request.url,
        headers: request.headers,
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let index = 0; index < request.rawHeaders.length; index += 2)
        lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  server.keepAliveTimeout = 30_000;
  // As the servers do (apps/server/src/main.ts): a surge's new connections wait in the backlog.
  await new Promise<void>((resolve) => server.listen({ port, host: '127.0.0.1', backlog: 4_096 }, resolve));
  server.on('close', () => agent.destroy());
  return server;
}
