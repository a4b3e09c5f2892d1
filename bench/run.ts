import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * `npm run bench -- <name> [args]` runs bench/<name>.ts. Each benchmark is a module whose top level
 * does the work and ends by printing one line of JSON: {"bench": name, "figures": {...}, ...}.
 */

const benchDirectory = import.meta.dirname;
const available = (await readdir(benchDirectory))
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && !file.endsWith('.test.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

const name = process.argv[2];
if (!name || !available.includes(name)) {
  const lines = [
    name ? `There is no benchmark named "${name}".` : 'Name a benchmark to run.',
    'Usage: npm run bench -- <name>',
    `Benchmarks: ${available.join(', ') || '(none)'}`,
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exitCode = 1;
} else {
  await import(pathToFileURL(path.join(benchDirectory, `${name}.ts`)).href);
}
