import {
  type CallDefinition,
  CONSOLE_CALLS,
  ERROR_CATALOGUE,
  ErrorEnvelope,
  INVESTOR_CALLS,
  operationIdOf,
} from '@nivesh/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The two OpenAPI 3.1 documents (docs/adr/0024-openapi-suites-and-account-closure.md): the investor
 * calls at `/api/vue/openapi.json`, the console's at `/api/console/openapi.json`. @fastify/swagger
 * collects the mounted routes with their TypeBox schemas; each operation is then completed from its
 * call definition, so that a client generator gets a stable operationId, the security it needs (`[]`
 * when public), the error envelope under each status it can answer, and the Idempotency-Key header
 * where the call changes state.
 */
export const INVESTOR_OPENAPI_PATH = '/api/vue/openapi.json';
export const CONSOLE_OPENAPI_PATH = '/api/console/openapi.json';

/** The investor upload: multipart, so not a contract call with a JSON body (funds.routes.ts). */
export const UPLOAD_PATH = '/api/vue/upload/file';

type Audience = 'investor' | 'console';

interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

const STATUS_TEXT: Record<number, string> = {
  400: 'Malformed input (VALIDATION_FAILED), bad JSON, or a reused or malformed Idempotency-Key',
  401: 'No session, or an expired or revoked one (UNAUTHORIZED)',
  403: 'Not allowed: a role outside the call, or two-factor sign-in still to set up',
  404: 'The thing named does not exist (for example an upload or a contract note)',
  413: 'The body is over the size limit (PAYLOAD_TOO_LARGE)',
  429: 'A rate limit (TOO_FREQUENT)',
  500: 'An internal error (SYSTEM_BUSY); params.errorId names the log line',
};

/** Every status the error catalogue answers besides 200 (where refusals ride with status 0). */
const CATALOGUE_ERROR_STATUSES = [
  ...new Set(Object.values(ERROR_CATALOGUE).map((entry) => entry.http as number)),
]
  .filter((status) => status !== 200)
  .sort((a, b) => a - b);

/** The statuses a call can answer with the error envelope: 401 and 403 only behind a session. */
export function errorStatusesOf(isPublic: boolean): number[] {
  return CATALOGUE_ERROR_STATUSES.filter((status) => !isPublic || (status !== 401 && status !== 403));
}

const isPublicCall = (call: CallDefinition) =>
  call.roles === undefined ? !call.auth : call.roles === 'public';

const securityOf = (call: CallDefinition, audience: Audience) =>
  isPublicCall(call) ? [] : audience === 'investor' ? [{ token: [], account: [] }] : [{ staffToken: [] }];

/** Builds both documents from the app's swagger output (once, after the routes are mounted). */
export function buildOpenApiDocuments(app: FastifyInstance): Record<Audience, OpenApiDocument> {
  const source = JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument;
  return {
    investor: documentFor(source, 'investor'),
    console: documentFor(source, 'console'),
  };
}

function documentFor(source: OpenApiDocument, audience: Audience): OpenApiDocument {
  const prefix = audience === 'investor' ? '/api/vue/' : '/api/console/';
  const calls = new Map(
    (audience === 'investor' ? INVESTOR_CALLS : CONSOLE_CALLS).map((call) => [`${prefix}${call.path}`, call]),
  );
  const paths: OpenApiDocument['paths'] = {};
  for (const [url, item] of Object.entries(source.paths)) {
    if (!url.startsWith(prefix)) continue;
    const operations: Record<string, OpenApiOperation> = {};
    for (const [method, operation] of Object.entries(item)) {
      const call = calls.get(url);
      if (call) describeCall(operation, call, audience);
      else if (url === UPLOAD_PATH) describeUpload(operation);
      // A route outside the contract (none in the product; tests mount some) keeps what swagger
      // wrote, with an id from its address; openapi-documents.test.ts holds the product to the contract.
      else
        operation.operationId ??= `${method}${operationIdOf({ path: url.slice(prefix.length) }).replace(/^./, (first) => first.toUpperCase())}`;
      operations[method] = operation;
    }
    paths[url] = operations;
  }
  const { securitySchemes = {}, schemas = {} } = source.components;
  const schemeNames = audience === 'investor' ? ['token', 'account'] : ['staffToken'];
  return {
    ...source,
    info: {
      ...source.info,
      title: audience === 'investor' ? 'Nivesh investor API' : 'Nivesh console API',
      description:
        audience === 'investor'
          ? `Every call is POST /api/vue/<area>/<action> with JSON; the reply is {status, msg, data}. ${ENVELOPE_TEXT}`
          : `Every call is POST /api/console/<area>/<action> with JSON and the x-staff-token header; the reply is {status, msg, data}. ${ENVELOPE_TEXT}`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'this server' }],
    paths,
    components: {
      schemas: { ...schemas, ErrorEnvelope },
      securitySchemes: Object.fromEntries(schemeNames.map((name) => [name, securitySchemes[name]])),
    },
  };
}

const ENVELOPE_TEXT =
  'Status 1 is success; status 0 carries code, msg (in the request language) and params. ' +
  'Business refusals answer HTTP 200 with status 0; other refusals use the HTTP statuses listed per operation.';

function describeCall(operation: OpenApiOperation, call: CallDefinition, audience: Audience) {
  operation.operationId = operationIdOf(call);
  operation.security = securityOf(call, audience);
  operation.responses = { ...operation.responses, ...errorResponses(isPublicCall(call)) };
  if (call.mutates) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Runs the call once: a repeat with the same key and body within 24 hours answers the first reply, byte for byte.',
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
      },
    ];
  }
}

function describeUpload(operation: OpenApiOperation) {
  operation.operationId = 'uploadFile';
  operation.security = [{ token: [], account: [] }];
  operation.requestBody = {
    required: true,
    description: 'Exactly one file part named `file` and no other part (a second part is refused).',
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          required: ['file'],
          additionalProperties: false,
        },
        encoding: { file: { contentType: 'image/jpeg, image/png, image/webp, application/pdf' } },
      },
    },
  };
  operation.responses = {
    200: {
      description: 'The stored upload ({ uploadId }), or a refusal with status 0 (UPLOAD_FAILED)',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
    ...errorResponses(false),
  };
}

function errorResponses(isPublic: boolean) {
  return Object.fromEntries(
    errorStatusesOf(isPublic).map((status) => [
      String(status),
      {
        description: STATUS_TEXT[status] ?? 'A refusal',
        content: { 'application/json': { schema: ERROR_REF } },
      },
    ]),
  );
}

/** Mounts the two documents; each is built on its first request (every route is mounted by then). */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  let documents: Record<Audience, OpenApiDocument> | undefined;
  const documentsOf = () => {
    documents ??= buildOpenApiDocuments(app);
    return documents;
  };
  app.get(INVESTOR_OPENAPI_PATH, { schema: { hide: true } }, async () => documentsOf().investor);
  app.get(CONSOLE_OPENAPI_PATH, { schema: { hide: true } }, async () => documentsOf().console);
}
