import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONSOLE_CALLS, INVESTOR_CALLS, operationIdOf } from '@nivesh/contract';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_OPENAPI_PATH, INVESTOR_OPENAPI_PATH, UPLOAD_PATH } from '../src/http/openapi.js';
import { startTestApp, type TestApp } from './harness.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

let t: TestApp;
let folder: string;
// biome-ignore lint/suspicious/noExplicitAny: the documents are read as plain JSON.
const documents: Record<'investor' | 'console', any> = { investor: null, console: null };

beforeAll(async () => {
  t = await startTestApp();
  folder = await mkdtemp(path.join(tmpdir(), 'nivesh-openapi-'));
  for (const [name, url] of [
    ['investor', INVESTOR_OPENAPI_PATH],
    ['console', CONSOLE_OPENAPI_PATH],
  ] as const) {
    const reply = await t.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(200);
    documents[name] = reply.json();
    await writeFile(path.join(folder, `${name}.json`), reply.body);
  }
});
afterAll(async () =>
  process.env.KEEP_OPENAPI ? console.log(folder) : rm(folder, { recursive: true, force: true }),
);

describe('the OpenAPI documents', () => {
  it('describe every investor call in one document and every console call in the other', () => {
    const investorPaths = Object.keys(documents.investor.paths);
    const consolePaths = Object.keys(documents.console.paths);
    expect(investorPaths.every((url) => url.startsWith('/api/vue/'))).toBe(true);
    expect(consolePaths.every((url) => url.startsWith('/api/console/'))).toBe(true);
    expect(investorPaths.sort()).toEqual(
      [...INVESTOR_CALLS.map((call) => `/api/vue/${call.path}`), UPLOAD_PATH].sort(),
    );
    expect(consolePaths.sort()).toEqual(CONSOLE_CALLS.map((call) => `/api/console/${call.path}`).sort());
  });

  it('give every operation a stable operationId, its security, and the error envelope under each status', () => {
    for (const [name, document] of Object.entries(documents)) {
      const ids = new Set<string>();
      for (const [url, item] of Object.entries(document.paths)) {
        // biome-ignore lint/suspicious/noExplicitAny: plain JSON.
        const operation = (item as any).post;
        expect(operation.operationId, url).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(operation.operationId), `${name}: ${operation.operationId} twice`).toBe(false);
        ids.add(operation.operationId);
        expect(Array.isArray(operation.security), url).toBe(true);
        expect(operation.responses['400'].content['application/json'].schema.$ref).toBe(
          '#/components/schemas/ErrorEnvelope',
        );
        expect(operation.responses['500'], url).toBeDefined();
        if (operation.security.length > 0) expect(operation.responses['401'], url).toBeDefined();
      }
    }
    expect(documents.investor.paths['/api/vue/user/login'].post).toMatchObject({
      operationId: operationIdOf({ path: 'user/login' }),
      security: [],
    });
    expect(documents.investor.paths['/api/vue/user/getUserinfo'].post.security).toEqual([
      { token: [], account: [] },
    ]);
    expect(documents.console.paths['/api/console/staff/login'].post.security).toEqual([]);
    expect(documents.console.paths['/api/console/staff/me'].post).toMatchObject({
      operationId: 'consoleStaffMe',
      security: [{ staffToken: [] }],
    });
    const placeOrder = documents.investor.paths['/api/vue/trade/open'].post;
    expect(placeOrder.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
  });

  it('describe the upload as multipart with one file part', () => {
    const upload = documents.investor.paths[UPLOAD_PATH].post;
    expect(upload.operationId).toBe('uploadFile');
    expect(upload.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(upload.parameters).toContainEqual(expect.objectContaining({ name: 'purpose', in: 'query' }));
  });

  it('pass the Redocly lint with no error, and a TypeScript client generated from each compiles', async () => {
    const files = ['investor', 'console'].map((name) => path.join(folder, `${name}.json`));
    const lint = await run(bin('redocly'), ['lint', '--format=summary', ...files], { cwd: folder }).catch(
      (error: { stdout: string; stderr: string }) => error,
    );
    console.log(
      `redocly lint: ${`${lint.stdout}${lint.stderr}`.trim().split('\n').filter(Boolean).slice(-6).join(' | ')}`,
    );
    expect(`${lint.stdout}${lint.stderr}`).not.toMatch(/[1-9][0-9]* errors?\b/i);
    // The client: openapi-typescript's types of each document, compiled (strict) as a client project
    // would use them, in this process (a fresh tsc and generator process each cost seconds more).
    const clients: string[] = [];
    for (const file of files) {
      const client = file.replace(/\.json$/, '.ts');
      await writeFile(client, astToString(await openapiTS(new URL(`file://${file}`))));
      clients.push(client);
    }
    const use = path.join(folder, 'use.ts');
    await writeFile(
      use,
      "import type { paths as Investor } from './investor.js';\nimport type { paths as Console } from './console.js';\n" +
        "export type Login = Investor['/api/vue/user/login']['post']['requestBody'];\n" +
        "export type Me = Console['/api/console/staff/me']['post']['responses'][200];\n",
    );
    const program = ts.createProgram([...clients, use], {
      noEmit: true,
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 120_000);
});
