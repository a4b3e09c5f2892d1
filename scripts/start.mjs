// `npm start`: builds the front ends when their build is missing or older than their sources,
// then runs the server (TypeScript through tsx) with the migrations, the seed and the simulator.
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

for (const app of ['apps/web', 'apps/console']) {
  const builtIndex = path.join(root, app, 'dist/index.html');
  const stale = !existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(path.join(root, app));
  if (!stale) continue;
  console.log(`Building ${app} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
