// Starts the real server for the browser journeys and the web benchmark: a free port, a throwaway
// PGlite data folder, the simulator with the demo session (NSE prices move at any hour), and the
// built web app from apps/web/dist. Builds the app first when dist is missing or older than src.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDir = path.join(repositoryRoot, 'apps/web');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function newestMtime(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? await newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds apps/web unless dist/index.html is newer than every source file (or `force`). */
export async function ensureWebBuild({ force = false } = {}) {
  const built = path.join(webDir, 'dist/index.html');
  const sources = Math.max(
    await newestMtime(path.join(webDir, 'src')),
    await newestMtime(path.join(webDir, 'public')),
    statSync(path.join(webDir, 'index.html')).mtimeMs,
    statSync(path.join(webDir, 'vite.config.ts')).mtimeMs,
  );
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('building apps/web…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('the web build failed');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The server on a free port; `stop()` ends it and removes its data folder. `env` adds or overrides
 * variables (a journey may slow the simulator or leave the demo session off). `beforeStart(env)`
 * runs with the server's environment before it starts, e.g. to create staff with the CLI (the
 * embedded database is one process's at a time). `dataDir` starts it on a data folder of an earlier
 * server of the same journey (a later trading day) and leaves the folder for the journey to remove.
 */
export async function startServer(env = {}, { beforeStart, dataDir: keptDataDir } = {}) {
  const dataDir = keptDataDir ?? (await mkdtemp(path.join(tmpdir(), 'nivesh-web-e2e-')));
  const removeData = () => (keptDataDir ? Promise.resolve() : rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    NIVESH_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NIVESH_FEED: 'simulator',
    NIVESH_DEMO_SESSION: '1',
    NIVESH_SIM_TICK_MS: '500',
    LOG_LEVEL: 'warn',
    // The journeys check features, not overload: on a busy test machine the event loop lags past the
    // production bound and sign-ins would be answered 429 (docs/adr/0030); the in-flight bounds stay.
    NIVESH_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  };
  if (beforeStart) await beforeStart(serverEnv);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Never leave the server behind, even when the caller dies on an uncaught error.
  const killOnExit = () => server.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await removeData();
  };
  // A first start makes the simulator's history: about half a minute on two cores, minutes when other
  // work shares them; wait up to 6 minutes.
  for (let attempt = 0; attempt < 720; attempt += 1) {
    if (server.exitCode !== null) {
      await removeData();
      throw new Error(`the server exited with code ${server.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { baseUrl, stop };
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('the server did not answer /api/health within 360 s');
}

/** Registers a new investor through the API and answers its session. */
export async function registerInvestor(baseUrl, { phone, password, inviteCode = 'NIVESH2026' }) {
  const reply = await (
    await fetch(`${baseUrl}/api/vue/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: phone, password, confirmPassword: password, inviteCode, agree: true }),
    })
  ).json();
  if (reply.status !== 1) throw new Error(`registration failed: ${JSON.stringify(reply)}`);
  return reply.data;
}
