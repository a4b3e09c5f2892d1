import { availableParallelism } from 'node:os';
import path from 'node:path';

/**
 * Everything the server reads from the environment, in one place. README.md lists each variable;
 * keep the two in step.
 */
export interface ServerConfig {
  port: number;
  host: string;
  nodeEnv: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  /** Prefix of the Redis pub/sub channels (ticks, user events); processes that share it share them. */
  redisChannelPrefix: string;
  /**
   * Investors must enrol a second factor before using the app (docs/adr/0022-investor-two-factor.md):
   * NIVESH_INVESTOR_2FA_REQUIRED, on by default in production unless the demo is seeded.
   */
  investorTwoFactorRequired: boolean;
  /**
   * The WebAuthn relying party of investors' passkeys (docs/adr/0028-passkeys.md):
   * NIVESH_PASSKEY_RP_ID (a registrable domain, e.g. `nivesh.example`) and NIVESH_PASSKEY_ORIGINS
   * (comma-separated `https://…` origins the browser may sign for). Unset, each request's own host
   * stands in (the demo on any address); set them in production.
   */
  passkey: { rpId: string | undefined; origins: string[] | undefined; rpName: string };
  logLevel: string;
  seedDemo: boolean;
  demo: {
    adminUsername: string;
    adminPassword: string;
    investorPhone: string;
    investorPassword: string;
    /** The demo investor's fund password (withdrawals, unbinding a card, repaying a loan). */
    investorFundPassword: string;
    inviteCode: string;
  };
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  trustProxy: boolean;
  feed: 'simulator' | 'none';
  /** The simulator's seed: the same seed gives the same history and the same walk. */
  simulatorSeed: string;
  /** Time between two ticks of one symbol, in ms. */
  simulatorTickMs: number;
  /** Demo switch: NSE instruments trade at any hour in the simulator (off by default; shown when on). */
  demoSession: boolean;
  /**
   * The broker's registration details and grievance contacts from the environment
   * (NIVESH_BROKER_*, see BROKER_ENV), written to their configuration entries at start when set;
   * unset ones keep what staff entered in the console.
   */
  brokerDetails: Partial<Record<BrokerConfigName, string>>;
  webDistDir: string;
  consoleDistDir: string;
  /** Uploaded evidence (KYC images, receipts): a local folder, or S3-compatible storage when set. */
  uploads: UploadStorageConfig;
  /**
   * The secret of the keyed hash (HMAC-SHA-256) that stands for an identity number, so duplicates
   * can be found without storing an Aadhaar number. Required in production.
   */
  identityHashKey: string;
  /**
   * The key API app secrets are derived from (HMAC-SHA-256 of the app's nonce): the database keeps
   * only the secret's hash, yet the server can recompute it to check a Kite session checksum
   * (docs/adr/0025-kite-compatible-transport.md). Required in production.
   */
  apiSecretKey: string;
  /** Bounds that turn overload into 429 answers (docs/adr/0030; README "Capacity"). */
  capacity: CapacityConfig;
  /** Where alerts go beyond the dashboard (docs/adr/0033; README "Alerts"); each part is off when unset. */
  alerts: AlertsConfig;
}

export interface AlertsConfig {
  webhook?: {
    /** NIVESH_ALERT_WEBHOOK_URL: each alert is POSTed there as JSON. */
    url: string;
    /** NIVESH_ALERT_WEBHOOK_SECRET: the key of the HMAC-SHA256 signature header (X-Nivesh-Signature). */
    secret: string;
    /** NIVESH_ALERT_WEBHOOK_TIMEOUT_MS: how long one try waits for an answer. */
    timeoutMs: number;
  };
  mail?: {
    /** NIVESH_ALERT_SMTP_URL: smtp:// or smtps://user:password@host:port, for nodemailer. */
    smtpUrl: string;
    /** NIVESH_ALERT_MAIL_FROM and NIVESH_ALERT_MAIL_TO (comma-separated addresses). */
    from: string;
    to: string[];
  };
}

export interface CapacityConfig {
  /** NIVESH_SESSION_CACHE_SECONDS: how long a session read is reused without a change notice; 0 turns it off. */
  sessionCacheMs: number;
  /**
   * NIVESH_SIGNIN_CONCURRENCY: argon2id computations (about a core each, tens of milliseconds)
   * running at once; the rest wait their turn. By default one fewer than the machine's cores (at
   * least one), so that hashing never takes the core the event loop and its orders run on
   * (docs/adr/0030).
   */
  signInConcurrency: number;
  /**
   * NIVESH_SIGNINS_IN_FLIGHT: sign-in requests in progress at once; the rest wait in the sign-in
   * queue. More than `signInConcurrency`, so that one sign-in's reads and writes overlap another's
   * hashing (docs/adr/0030).
   */
  signInsInFlightMax: number;
  /**
   * NIVESH_LISTEN_COPIES: extra descriptors of the listening socket. A busy event loop accepts one
   * connection per descriptor each turn, so copies let a market open's new connections in without
   * waiting seconds in the kernel's queue (docs/adr/0039). 0 turns them off.
   */
  listenCopies: number;
  /** NIVESH_SIGNIN_QUEUE: sign-ins that may wait; one more is answered 429 at once. */
  signInQueueMax: number;
  /** NIVESH_SIGNIN_WAIT_MS: the longest a sign-in waits in the queue before it is answered 429. */
  signInWaitMsMax: number;
  /** NIVESH_READS_IN_FLIGHT: reads (and other calls that are not orders) in progress at once. */
  readsInFlightMax: number;
  /**
   * NIVESH_ORDERS_IN_FLIGHT: orders (trade calls) in progress at once. About one per database
   * connection of the default pool (20): more only queue for a connection, each behind the others'
   * transactions, and every one of them is late (docs/adr/0039).
   */
  ordersInFlightMax: number;
  /**
   * NIVESH_ORDER_WAIT_MS: once the oldest order in progress has run longer than this (or, while the
   * loop delay is watched, the event loop's mean delay is longer), a new order (and a new sign-in)
   * is answered 429 at once instead of waiting. 0 turns the check off.
   */
  orderWaitMsMax: number;
  /**
   * NIVESH_EVENT_LOOP_DELAY_MS: above this event-loop delay, sign-ins and reads are answered 429;
   * orders still run. 0 turns the check off.
   */
  eventLoopDelayMsMax: number;
  /**
   * NIVESH_RETRY_AFTER_SECONDS: the Retry-After a 429 for overload carries while the overload is
   * brief; it doubles for each second the overload lasts, up to four times this (docs/adr/0030).
   */
  retryAfterSeconds: number;
  /**
   * NIVESH_MARKET_LIST_CACHE_MS: how long `market/list` serves a segment's prices, and
   * `market/search` the instruments and their prices, from memory before reading them again
   * (docs/adr/0036); the most a listed or found price lags the stored one. 0 reads every time
   * (the default in tests).
   */
  marketListCacheMs: number;
}

export interface UploadStorageConfig {
  dir: string;
  s3?: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
    prefix: string;
  };
}

/** Used only outside production, where the demo needs no setup; production refuses to start without one. */
const DEVELOPMENT_IDENTITY_HASH_KEY = 'nivesh-development-identity-key-not-secret';
const DEVELOPMENT_API_SECRET_KEY = 'nivesh-development-api-secret-key-not-secret';

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer`);
  return parsed;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** The environment variables that set the broker's public details, by configuration entry. */
export const BROKER_ENV = {
  broker_name: 'NIVESH_BROKER_NAME',
  broker_sebi_registration: 'NIVESH_BROKER_SEBI_REGISTRATION',
  broker_address: 'NIVESH_BROKER_ADDRESS',
  broker_grievance_email: 'NIVESH_BROKER_GRIEVANCE_EMAIL',
  broker_grievance_phone: 'NIVESH_BROKER_GRIEVANCE_PHONE',
} as const;
export type BrokerConfigName = keyof typeof BROKER_ENV;

function brokerDetailsFrom(env: NodeJS.ProcessEnv): Partial<Record<BrokerConfigName, string>> {
  return Object.fromEntries(
    Object.entries(BROKER_ENV)
      .map(([name, variable]) => [name, env[variable]?.trim() ?? ''] as const)
      .filter(([, value]) => value !== ''),
  );
}

/**
 * argon2id computations at once unless NIVESH_SIGNIN_CONCURRENCY says otherwise: one fewer than the
 * machine's cores, at least one, so hashing never takes the core the event loop runs on (ADR 0030).
 */
export function defaultSignInConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const feed = env.NIVESH_FEED ?? 'simulator';
  if (feed !== 'simulator' && feed !== 'none') throw new Error('NIVESH_FEED must be simulator or none');
  const simulatorTickMs = integer(env.NIVESH_SIM_TICK_MS, 1000, 'NIVESH_SIM_TICK_MS');
  const dataDir = path.resolve(env.NIVESH_DATA_DIR ?? path.join(repositoryRoot, 'data'));
  const identityHashKey = env.NIVESH_IDENTITY_HASH_KEY || undefined;
  if (nodeEnv === 'production' && (!identityHashKey || identityHashKey.length < 32)) {
    throw new Error('NIVESH_IDENTITY_HASH_KEY (at least 32 characters) is required in production');
  }
  const apiSecretKey = env.NIVESH_API_SECRET_KEY || undefined;
  if (nodeEnv === 'production' && (!apiSecretKey || apiSecretKey.length < 32)) {
    throw new Error('NIVESH_API_SECRET_KEY (at least 32 characters) is required in production');
  }
  if (simulatorTickMs < 10) throw new Error('NIVESH_SIM_TICK_MS must be at least 10');
  return {
    port: integer(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    nodeEnv,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    redisChannelPrefix: env.NIVESH_REDIS_PREFIX || 'nivesh:',
    investorTwoFactorRequired: flag(
      env.NIVESH_INVESTOR_2FA_REQUIRED,
      nodeEnv === 'production' && !flag(env.NIVESH_SEED_DEMO, false),
    ),
    passkey: {
      rpId: env.NIVESH_PASSKEY_RP_ID || undefined,
      origins: env.NIVESH_PASSKEY_ORIGINS
        ? env.NIVESH_PASSKEY_ORIGINS.split(',')
            .map((origin) => origin.trim())
            .filter((origin) => origin !== '')
        : undefined,
      rpName: env.NIVESH_PASSKEY_RP_NAME || 'Nivesh',
    },
    logLevel: env.LOG_LEVEL ?? 'info',
    // Production seeds nothing unless asked for explicitly.
    seedDemo: flag(env.NIVESH_SEED_DEMO, nodeEnv !== 'production'),
    demo: {
      adminUsername: env.NIVESH_ADMIN_USER ?? 'admin',
      adminPassword: env.NIVESH_ADMIN_PASSWORD ?? 'Admin@2026!',
      investorPhone: env.NIVESH_DEMO_PHONE ?? '9876543210',
      investorPassword: env.NIVESH_DEMO_PASSWORD ?? 'Demo@2026',
      investorFundPassword: env.NIVESH_DEMO_FUND_PASSWORD ?? 'Fund@2026',
      inviteCode: env.NIVESH_INVITE_CODE ?? 'NIVESH2026',
    },
    sessionIdleMinutes: integer(env.NIVESH_SESSION_IDLE_MINUTES, 24 * 60, 'NIVESH_SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: integer(env.NIVESH_SESSION_ABSOLUTE_HOURS, 7 * 24, 'NIVESH_SESSION_ABSOLUTE_HOURS'),
    trustProxy: flag(env.NIVESH_TRUST_PROXY, false),
    feed,
    simulatorSeed: env.NIVESH_SIM_SEED || 'nivesh',
    simulatorTickMs,
    demoSession: flag(env.NIVESH_DEMO_SESSION, false),
    brokerDetails: brokerDetailsFrom(env),
    webDistDir: path.join(repositoryRoot, 'apps/web/dist'),
    consoleDistDir: path.join(repositoryRoot, 'apps/console/dist'),
    uploads: {
      dir: path.resolve(env.NIVESH_UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
      ...(env.NIVESH_S3_BUCKET
        ? {
            s3: {
              bucket: env.NIVESH_S3_BUCKET,
              region: env.NIVESH_S3_REGION || 'us-east-1',
              endpoint: env.NIVESH_S3_ENDPOINT || undefined,
              accessKeyId: env.NIVESH_S3_ACCESS_KEY_ID || undefined,
              secretAccessKey: env.NIVESH_S3_SECRET_ACCESS_KEY || undefined,
              forcePathStyle: flag(env.NIVESH_S3_FORCE_PATH_STYLE, Boolean(env.NIVESH_S3_ENDPOINT)),
              prefix: env.NIVESH_S3_PREFIX ?? 'uploads/',
            },
          }
        : {}),
    },
    identityHashKey: identityHashKey ?? DEVELOPMENT_IDENTITY_HASH_KEY,
    capacity: {
      sessionCacheMs: 1000 * integer(env.NIVESH_SESSION_CACHE_SECONDS, 30, 'NIVESH_SESSION_CACHE_SECONDS'),
      signInConcurrency: Math.max(
        1,
        integer(env.NIVESH_SIGNIN_CONCURRENCY, defaultSignInConcurrency(), 'NIVESH_SIGNIN_CONCURRENCY'),
      ),
      signInsInFlightMax: Math.max(1, integer(env.NIVESH_SIGNINS_IN_FLIGHT, 4, 'NIVESH_SIGNINS_IN_FLIGHT')),
      listenCopies: integer(env.NIVESH_LISTEN_COPIES, 15, 'NIVESH_LISTEN_COPIES'),
      signInQueueMax: integer(env.NIVESH_SIGNIN_QUEUE, 64, 'NIVESH_SIGNIN_QUEUE'),
      signInWaitMsMax: integer(env.NIVESH_SIGNIN_WAIT_MS, 1_000, 'NIVESH_SIGNIN_WAIT_MS'),
      readsInFlightMax: Math.max(1, integer(env.NIVESH_READS_IN_FLIGHT, 128, 'NIVESH_READS_IN_FLIGHT')),
      ordersInFlightMax: Math.max(1, integer(env.NIVESH_ORDERS_IN_FLIGHT, 24, 'NIVESH_ORDERS_IN_FLIGHT')),
      // Off in tests (0), as the loop delay below: a loaded test machine is not an overloaded server.
      orderWaitMsMax: integer(env.NIVESH_ORDER_WAIT_MS, nodeEnv === 'test' ? 0 : 300, 'NIVESH_ORDER_WAIT_MS'),
      // Off in tests (0): loading a PGlite image holds the loop for seconds while requests wait.
      eventLoopDelayMsMax: integer(
        env.NIVESH_EVENT_LOOP_DELAY_MS,
        nodeEnv === 'test' ? 0 : 200,
        'NIVESH_EVENT_LOOP_DELAY_MS',
      ),
      retryAfterSeconds: Math.max(
        1,
        integer(env.NIVESH_RETRY_AFTER_SECONDS, 2, 'NIVESH_RETRY_AFTER_SECONDS'),
      ),
      marketListCacheMs: integer(
        env.NIVESH_MARKET_LIST_CACHE_MS,
        nodeEnv === 'test' ? 0 : 1_000,
        'NIVESH_MARKET_LIST_CACHE_MS',
      ),
    },
    apiSecretKey: apiSecretKey ?? DEVELOPMENT_API_SECRET_KEY,
    alerts: alertsConfigFrom(env),
  };
}

function alertsConfigFrom(env: NodeJS.ProcessEnv): AlertsConfig {
  const config: AlertsConfig = {};
  const webhookUrl = env.NIVESH_ALERT_WEBHOOK_URL?.trim();
  if (webhookUrl) {
    const secret = env.NIVESH_ALERT_WEBHOOK_SECRET ?? '';
    // An unsigned alert could be forged by anyone who finds the URL: the secret is required.
    if (secret.length < 16)
      throw new Error(
        'NIVESH_ALERT_WEBHOOK_SECRET (at least 16 characters) is required with NIVESH_ALERT_WEBHOOK_URL',
      );
    if (!/^https?:\/\//.test(webhookUrl))
      throw new Error('NIVESH_ALERT_WEBHOOK_URL must be an http or https URL');
    config.webhook = {
      url: webhookUrl,
      secret,
      timeoutMs: Math.max(
        100,
        integer(env.NIVESH_ALERT_WEBHOOK_TIMEOUT_MS, 5_000, 'NIVESH_ALERT_WEBHOOK_TIMEOUT_MS'),
      ),
    };
  }
  const smtpUrl = env.NIVESH_ALERT_SMTP_URL?.trim();
  if (smtpUrl) {
    const to = (env.NIVESH_ALERT_MAIL_TO ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== '');
    if (to.length === 0) throw new Error('NIVESH_ALERT_MAIL_TO is required with NIVESH_ALERT_SMTP_URL');
    config.mail = { smtpUrl, from: env.NIVESH_ALERT_MAIL_FROM?.trim() || 'alerts@nivesh.invalid', to };
  }
  return config;
}
