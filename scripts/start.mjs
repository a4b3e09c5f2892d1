// `npm start`: builds the front ends when their build is missing or older than their sources,
// printing a line per step, then runs the server (TypeScript through tsx) with the migrations, the seed and the simulator.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { nodeVersionProblem, requiredNodeRange } from './node-version.mjs';

const root = path.resolve(import.meta.dirname, '..');

// Say plainly when Node.js is older than the dependencies declare, before anything fails obscurely.
const versionProblem = nodeVersionProblem(process.version, requiredNodeRange());
if (versionProblem) {
  if (process.env.NIVESH_ALLOW_OLD_NODE === '1') {
    console.warn(
      `Warning: ${versionProblem.replace(/ Install a newer[\s\S]*$/, '')} Starting anyway (NIVESH_ALLOW_OLD_NODE=1).`,
    );
  } else {
    console.error(versionProblem);
    process.exit(1);
  }
}

function newestMtime(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// The start builds with Vite alone: type checks belong to `npm test`, and on two cores the
// console's `tsc` took longer than both builds together. Vite's file list is left out (warnings
// still show); each build prints one line when done.
const apps = [
  { folder: 'apps/web', name: 'the investor app' },
  { folder: 'apps/console', name: 'the staff console' },
];
const vite = path.join(root, 'node_modules/.bin/vite');
for (const [index, { folder, name }] of apps.entries()) {
  const builtIndex = path.join(root, folder, 'dist/index.html');
  const stale =
    !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(path.join(root, folder));
  if (!stale) continue;
  const startedMs = performance.now();
  process.stdout.write(`Building ${name} (${index + 1}/${apps.length}) ...`);
  const result = spawnSync(vite, ['build', '--logLevel', 'error'], {
    cwd: path.join(root, folder),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    console.error(`\nBuilding ${name} failed: run "npm run build -w ${folder}" to see why.`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(` done in ${((performance.now() - startedMs) / 1000).toFixed(1)} s\n`);
}

// tsx compiles the server's TypeScript as it loads: seconds on an idle machine, longer on a busy one.
console.log('Starting the server ...');
const server = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
