import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The investor app's folders depend only downward (docs/architecture.md, "A screen's calls beside
// the screen"): a feature keeps what is its own and never reaches into another feature; what
// several features use lives below them (components/, api/, stream/, lib/), and what composes
// features (the app's frame, the router, the home screen) lives above them in app/ and router/.
// A circle of imports means two modules each need the other, so neither can be read alone.

const sourceRoot = path.dirname(fileURLToPath(import.meta.url));

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return listSourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every module specifier a file names: static imports, re-exports and dynamic import() calls. */
function readSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      if (match[1]) specifiers.push(match[1]);
    }
  }
  return specifiers;
}

const candidateEndings = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The source file a relative specifier names, or undefined for packages and non-code files. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const ending of candidateEndings) {
    const candidate = base + ending;
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function relative(file: string): string {
  return path.relative(sourceRoot, file).split(path.sep).join('/');
}

/** The module graph of src/: each file (relative to src/) to the files it imports. */
function readImportGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of listSourceFiles(sourceRoot)) {
    const targets = readSpecifiers(readFileSync(file, 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter((target): target is string => target !== undefined)
      .map(relative);
    graph.set(relative(file), [...new Set(targets)]);
  }
  return graph;
}

function featureOf(file: string): string | undefined {
  return /^features\/([^/]+)\//.exec(file)?.[1];
}

/** The folder a file belongs to for layering: a feature, or a top-level folder of src/. */
function folderOf(file: string): string {
  const feature = featureOf(file);
  if (feature !== undefined) return `features/${feature}`;
  return file.includes('/') ? (file.split('/')[0] ?? file) : file;
}

/**
 * The graph of folders: one folder imports another when any of its files does. Tests stand above
 * everything they test (and test/ holds only their helpers), so their imports are left out.
 */
function readFolderGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    for (const target of targets) {
      const to = folderOf(target);
      if (to !== from) edges.add(to);
    }
    folders.set(from, edges);
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges]]));
}

/** One circle for each strongly connected group of files that import each other (Tarjan). */
function findCircles(graph: Map<string, string[]>): string[][] {
  const indexOf = new Map<string, number>();
  const lowOf = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;

  function visit(file: string): void {
    indexOf.set(file, counter);
    lowOf.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!indexOf.has(target)) {
        visit(target);
        lowOf.set(file, Math.min(lowOf.get(file) ?? 0, lowOf.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowOf.set(file, Math.min(lowOf.get(file) ?? 0, indexOf.get(target) ?? 0));
      }
    }
    if (lowOf.get(file) !== indexOf.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    const importsItself = graph.get(file)?.includes(file) ?? false;
    if (group.length > 1 || importsItself) circles.push(group.sort());
  }

  for (const file of graph.keys()) {
    if (!indexOf.has(file)) visit(file);
  }
  return circles;
}

describe('the investor app depends only downward', () => {
  const graph = readImportGraph();

  it('reads the source tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('router/screen-routes.ts')?.length).toBeGreaterThan(10);
  });

  it('no feature imports from another feature', () => {
    const crossings: string[] = [];
    for (const [file, targets] of graph) {
      const feature = featureOf(file);
      if (feature === undefined) continue;
      for (const target of targets) {
        const targetFeature = featureOf(target);
        if (targetFeature !== undefined && targetFeature !== feature) crossings.push(`${file} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('the shared folders below the features import no feature', () => {
    const shared = /^(api|components|lib|stream|i18n)\//;
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      if (!shared.test(file)) continue;
      for (const target of targets) {
        if (featureOf(target) !== undefined || /^(app|router)\//.test(target))
          upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no feature imports the app that composes the features, or the router', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      if (featureOf(file) === undefined) continue;
      for (const target of targets) {
        if (/^(app|router)\//.test(target)) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no module imports itself through a circle of imports', () => {
    expect(findCircles(graph)).toEqual([]);
  });

  it('no folder imports itself through a circle of folders', () => {
    expect(findCircles(readFolderGraph(graph))).toEqual([]);
  });
});
