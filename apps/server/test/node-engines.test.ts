import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, requiredNodeRange } from '../../../scripts/node-version.mjs';

const root = path.resolve(import.meta.dirname, '../../..');

/** Every installed package's declared `engines.node`, from the root and the workspaces' node_modules. */
function declaredEngines(): { name: string; range: string }[] {
  const found: { name: string; range: string }[] = [];
  const walk = (folder: string) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder)) {
      if (entry.startsWith('.')) continue;
      const full = path.join(folder, entry);
      if (entry.startsWith('@')) {
        walk(full);
        continue;
      }
      const manifest = path.join(full, 'package.json');
      if (existsSync(manifest)) {
        const json = JSON.parse(readFileSync(manifest, 'utf8')) as {
          name?: string;
          version?: string;
          engines?: { node?: string };
        };
        if (typeof json.engines?.node === 'string') {
          found.push({ name: `${json.name}@${json.version}`, range: json.engines.node });
        }
      }
      walk(path.join(full, 'node_modules'));
    }
  };
  for (const workspace of [
    '.',
    'apps/server',
    'apps/web',
    'apps/console',
    'packages/core',
    'packages/contract',
    'packages/market',
  ]) {
    walk(path.join(root, workspace, 'node_modules'));
  }
  return found;
}

describe('the Node.js version the README and package.json state', () => {
  it('is one every installed dependency accepts', () => {
    const minimum = semver.minVersion(requiredNodeRange());
    expect(minimum).not.toBeNull();
    const refusing = declaredEngines()
      .filter(({ range }) => semver.validRange(range) && !semver.satisfies(minimum!, range))
      .map(({ name, range }) => `${name} (${range})`);
    expect(refusing).toEqual([]);
  });

  it('is the one the README states', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const stated = /needs only Node\.js (\d+\.\d+)\+/.exec(readme)?.[1];
    expect(`>=${stated}`).toBe(requiredNodeRange());
  });

  it('is checked by npm start with a clear message', () => {
    expect(nodeVersionProblem('v22.13.0', '>=22.13')).toBeNull();
    expect(nodeVersionProblem('v24.1.0', '>=22.13')).toBeNull();
    const problem = nodeVersionProblem('v20.20.2', '>=22.13');
    expect(problem).toContain('needs Node.js 22.13 or newer; this is Node.js 20.20.2');
    expect(nodeVersionProblem('v22.12.9', '>=22.13')).not.toBeNull();
  });
});
