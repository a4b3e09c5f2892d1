// The Node.js version `npm start` needs, read from the root package.json's `engines.node` (the one
// place it is stated). It is the highest minimum any installed dependency declares (vite and jsdom:
// 20.19); dependencies whose newest release wants Node 22 are held at the last release that does
// not (kysely 0.28, sanitize-html 2.17.6, @fastify/static 10.1.3, light-my-request 6.6.0 by an
// override), and apps/server/test/node-engines.test.ts fails when one slips past.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The `engines.node` range of the root package.json, e.g. ">=22.12". */
export function requiredNodeRange() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return manifest.engines.node;
}

/**
 * Null when `version` ("v22.12.0" or "22.12.0") meets `range` (">=MAJOR.MINOR[.PATCH]"), else the
 * message to print. Only the ">=" form is read: that is the form the root package.json states.
 */
export function nodeVersionProblem(version, range) {
  const wanted = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  const running = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!wanted || !running) return `Cannot compare Node.js ${version} with the required ${range}.`;
  const need = wanted.slice(1).map((part) => Number(part ?? 0));
  const have = running.slice(1).map(Number);
  for (let index = 0; index < 3; index += 1) {
    if (have[index] > need[index]) return null;
    if (have[index] < need[index]) {
      return (
        `Nivesh needs Node.js ${range.replace(/^>=\s*/, '')} or newer; this is Node.js ${version.replace(/^v/, '')}. ` +
        'Some dependencies (vite, jsdom) declare that minimum. ' +
        'Install a newer Node.js (https://nodejs.org), or set NIVESH_ALLOW_OLD_NODE=1 to start anyway, unsupported.'
      );
    }
  }
  return null;
}
