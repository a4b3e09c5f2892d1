import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Where Debian's nginx (`apt-get install nginx-light`) puts its binary. */
export const NGINX = '/usr/sbin/nginx';

export const nginxAvailable = () => existsSync(NGINX);

/**
 * Round-robin balancing by nginx for the surge benchmark, as a production install would put it in
 * front of several processes: one nginx process of its own configuration in a temporary folder,
 * keep-alive connections to the backends, WebSocket upgrades passed through, X-Forwarded-For as
 * the client sent it (the bench's clients name their own addresses). It costs far less CPU a
 * request than the Node proxy (bench/lib/load-balancer.ts), which matters when the balancer shares
 * two cores with the servers and the clients.
 */
export async function startNginxBalancer(
  backendPorts: readonly number[],
  port: number,
): Promise<{ close(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'nivesh-nginx-'));
  const config = `daemon off;
master_process off;
worker_processes 1;
error_log ${folder}/error.log warn;
pid ${folder}/nginx.pid;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  upstream nivesh {
${backendPorts.map((backend) => `    server 127.0.0.1:${backend};`).join('\n')}
    keepalive 256;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${port} backlog=4096;
    location / {
      proxy_pass http://nivesh;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_read_timeout 3600s;
    }
  }
}
`;
  await writeFile(path.join(folder, 'nginx.conf'), config);
  const child: ChildProcess = spawn(NGINX, ['-p', folder, '-c', path.join(folder, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(String(chunk)));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const listening = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (listening) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${errors.join('')}`);
    }
    await sleep(100);
  }
  return {
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await Promise.race([exited, sleep(5_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      // What nginx saw go wrong between it and the servers (a closed upstream, a refused connect):
      // a client's timeout or 502 is explained there, not in the servers' figures.
      const errorLog = await readFile(path.join(folder, 'error.log'), 'utf8').catch(() => '');
      const lines = errorLog.split('\n').filter((line) => line.trim() !== '');
      if (lines.length > 0)
        process.stdout.write(
          `  nginx's error log: ${lines.length} lines; the first: ${lines
            .slice(0, 3)
            .map((line) => line.slice(0, 240))
            .join(' | ')}\n`,
        );
      await rm(folder, { recursive: true, force: true });
    },
  };
}
