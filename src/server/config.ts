/** Configuration from the environment, read once. Everything the server needs to know comes through here. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import type { DevRenames } from '../shared/dev-renames.ts';
import type { Language } from '../shared/locales.ts';
import {
  allowedLanguages,
  devRenames,
  type FcmConfig,
  fcmConfigFrom,
  flag,
  holdFrom,
  type HoldSetting,
  json,
  type Limits,
  limitsFrom,
  type Nearby,
  nearbyFrom,
  type Party,
  partyFrom,
  type TrustProxy,
  trustProxyOf,
} from './config-values.ts';

export { type Limits, limitsFrom, type Nearby, type Party, type TrustProxy, trustProxyOf } from './config-values.ts';

export interface Config {
  port: number;
  host: string;
  /** Where customers reach the server (PUBLIC_URL), for links in SMS; no trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent, PGlite in dataDir. */
  databaseUrl: string | null;
  /**
   * The announcement listener's own connection string (LISTEN_DATABASE_URL; default databaseUrl): a LISTEN needs a
   * session of its own, so it goes straight to PostgreSQL where the pool goes through a transaction pooler.
   */
  listenDatabaseUrl: string | null;
  /** The listener NOTIFYs itself a heartbeat this often on its connection (LISTEN_HEARTBEAT_MS; 0: none). */
  listenHeartbeatMs: number;
  /** A heartbeat not heard back, or a connection not listening, within this counts the listener lost (LISTEN_DEADLINE_MS). */
  listenDeadlineMs: number;
  /** Development mode: test shops, hidden barbers, the SMS outbox. */
  development: boolean;
  /** NODE_ENV=production: no demo seed or simulator unless set, never demo accounts. */
  production: boolean;
  simulator: boolean;
  seed: boolean;
  /** Serve the built client from here (null: API only). */
  staticDir: string | null;
  jwtSecret: string | null;
  mapsKey: string | null;
  firebase: Record<string, string> | null;
  vapidKey: string | null;
  /** DEV_RENAMES: shop id → name, city, address, which the client shows in development mode only. */
  devRenames: DevRenames;
  /** ALLOWED_LANGUAGES: the UI languages offered and accepted from ?lang=, served in /config.json. */
  allowedLanguages: Language[];
  /** Header set by a trusted proxy with the client's country (e.g. cf-ipcountry). */
  countryHeader: string | null;
  logLevel: string;
  /** How long a shop list or shop answer may be reused while no queue change is announced (0: never); the clock's minute ends it too. */
  pobCacheMs: number;
  /** How many customers' order reads are kept at most (ORDER_CACHE_ENTRIES), the oldest dropped first. */
  orderCacheEntries: number;
  /** Longest reuse of the rows a shop's answers are built from, across minutes (KEPT_ROWS_MS; 0: never kept). */
  keptRowsMs: number;
  /** RENDER_PAGES: the public screens are answered with the server's markup (off: the plain shell, as without a render build). */
  renderPages: boolean;
  /** PGlite's shared buffers and work memory (PGLITE_SHARED_BUFFERS, PGLITE_WORK_MEM; sizes as PostgreSQL reads them). */
  pglite: { sharedBuffers: string | null; workMem: string | null };
  /** Event streams one address may hold open (STREAMS_PER_ADDRESS); more get a 429. */
  streamsPerAddress: number;
  /** Milliseconds between the streams' `: ping` heartbeats (STREAM_HEARTBEAT_MS). */
  streamHeartbeatMs: number;
  /**
   * The chain's screen flags a shop whose wait now is over this many minutes while a shop within NEARBY_RADIUS_M
   * has a wait under it (CHAIN_FLAG_WAIT_MINUTES).
   */
  chainFlagWaitMinutes: number;
  /** Stream topics one process re-reads at once (STREAM_READS_AT_ONCE): the rest of the pool stays for requests. */
  streamReadsAtOnce: number;
  /** Shops' rows the chain owner's stream reads at once in one process (CHAIN_READS_AT_ONCE). */
  chainReadsAtOnce: number;
  /**
   * Shops' rows one read of the chain owner's stream re-reads for the clock or a sweep of every shop, besides the
   * shops whose change was announced (CHAIN_CLOCK_ROWS).
   */
  chainClockRows: number;
  /**
   * Which X-Forwarded-For hops to believe (TRUST_PROXY): false (none, the default), a number of proxies in front
   * of the server, or the proxies' addresses (IPs, CIDRs). Never every hop: the left-most entry is whatever the
   * client wrote, and per-address limits would count nothing.
   */
  trustProxy: TrustProxy;
  /** scrypt cost for new password hashes (OWASP: N=2^17, r=8, p=1); stored hashes keep their own. */
  scrypt: { logN: number; r: number; p: number };
  /** Threads that hash passwords (HASH_WORKERS; default one per core) and hashes that may wait for one (HASH_QUEUE). */
  hashWorkers: number;
  hashQueue: number;
  accessTtlMs: number;
  refreshTtlMs: number;
  /** SMS provider: `log` (server log, and the development outbox) or `http` (a gateway). */
  smsProvider: 'log' | 'http';
  smsGatewayUrl: string | null;
  smsGatewayToken: string | null;
  /** SMS_LOG_IN_PRODUCTION: the operator's explicit consent that, with NODE_ENV=production and no SMS provider, codes go to the log. */
  smsLogInProduction: boolean;
  /** FCM HTTP v1 push (FCM_SERVICE_ACCOUNT or FCM_ACCESS_TOKEN, FCM_PROJECT_ID, FCM_ENDPOINT); null: push off. */
  fcm: FcmConfig | null;
  /** Real milliseconds between the demo simulator's ticks (SIMULATOR_TICK_MS). */
  simulatorTickMs: number;
  /** A shop's learned figures (honest waits) are recomputed at most this often (LEARN_EVERY_MIN, minutes). */
  learnEveryMs: number;
  /**
   * The turn alerts' timer (waits shrink with time alone): every shop with customer orders is looked at once each
   * TURN_CHECK_SECONDS, in TURN_CHECK_PARTS parts spread evenly over that time, so no moment carries every shop's reads.
   */
  turnCheckMs: number;
  turnCheckParts: number;
  /** A whole request (headers and body) must arrive within this (REQUEST_TIMEOUT_MS), else 408 and close. */
  requestTimeoutMs: number;
  /** The headers must arrive within this (HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** An idle keep-alive socket closes after this (KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** Open connections one peer address may hold (MAX_CONNECTIONS_PER_ADDRESS; 0: no cap). */
  maxConnectionsPerAddress: number;
  /** Client error and analytics events: per device a minute (served in config.json; also the largest batch), */
  clientEventsPerMinute: number;
  /** reports one address may send a minute (the counters are in the database, like every limit), */
  clientEventsPerAddress: number;
  /** and the days they are kept. */
  clientEventsRetentionDays: number;
  /** The bearer GET /metrics wants (METRICS_TOKEN); without it and TRUST_PROXY, loopback alone may read them. */
  metricsToken: string | null;
  /** Strict-Transport-Security max-age in seconds (HSTS_MAX_AGE; 0: no header, the demo runs on plain http). */
  hstsMaxAge: number;
  /** Abuse limits: counted in the database, so they hold across every process sharing it. */
  limits: Limits;
  /** When the client offers the chain's other shop (served in config.json; docs/decisions.md, "A shorter queue nearby: the offer's rule"). */
  nearby: Nearby;
  /** Parties and stepping out (docs/decisions.md, "Parties and stepping out"); max and step-outs served in config.json. */
  party: Party;
  /** The turn held for a customer on his way (HOLD_FOR_ARRIVING_MINUTES, HOLD_GRACE_MINUTES; config-values.ts holdFrom). */
  hold: HoldSetting;
  /**
   * Not a setting: a random secret server.ts makes at each start on PGlite and writes to DATA_DIR/local-admin.json,
   * so `npm run operator-key -- <shopId> --pair` can ask the running server (which holds the data directory) for a
   * pairing code. Null: the local route answers 404.
   */
  localAdminToken: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const databaseUrl = env.DATABASE_URL || null;
  const production = env.NODE_ENV === 'production';
  const config: Config = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, ''),
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl,
    listenDatabaseUrl: databaseUrl ? env.LISTEN_DATABASE_URL || databaseUrl : null,
    listenHeartbeatMs: Number(env.LISTEN_HEARTBEAT_MS ?? 2_000),
    listenDeadlineMs: Number(env.LISTEN_DEADLINE_MS ?? 3_000),
    development: flag(env.DEVELOPMENT, false),
    production,
    // The simulator plays the barbers in the embedded demo only.
    simulator: flag(env.SIMULATOR, !production && !databaseUrl),
    // A chain's own server loads its shops (npm run import); the demo chain only when asked for.
    seed: flag(env.SEED, !production),
    staticDir: env.STATIC_DIR === '' ? null : resolve(env.STATIC_DIR ?? 'dist'),
    jwtSecret: env.JWT_SECRET || null,
    mapsKey: env.MAPS_KEY || null,
    firebase: json(env.FIREBASE_CONFIG),
    vapidKey: env.FIREBASE_VAPID_KEY || null,
    devRenames: devRenames(env.DEV_RENAMES),
    allowedLanguages: allowedLanguages(env.ALLOWED_LANGUAGES),
    countryHeader: env.COUNTRY_HEADER?.toLowerCase() || null,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    pobCacheMs: Number(env.POB_CACHE_MS ?? 60_000),
    orderCacheEntries: Number(env.ORDER_CACHE_ENTRIES ?? 5_000),
    keptRowsMs: Number(env.KEPT_ROWS_MS ?? 600_000),
    renderPages: flag(env.RENDER_PAGES, true),
    pglite: { sharedBuffers: env.PGLITE_SHARED_BUFFERS || '8MB', workMem: env.PGLITE_WORK_MEM || '1MB' },
    streamsPerAddress: Number(env.STREAMS_PER_ADDRESS ?? 20),
    streamHeartbeatMs: Number(env.STREAM_HEARTBEAT_MS ?? 25_000),
    chainFlagWaitMinutes: Number(env.CHAIN_FLAG_WAIT_MINUTES ?? 60),
    streamReadsAtOnce: Number(env.STREAM_READS_AT_ONCE ?? 4),
    chainReadsAtOnce: Number(env.CHAIN_READS_AT_ONCE ?? 2),
    chainClockRows: Number(env.CHAIN_CLOCK_ROWS ?? 50),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    scrypt: { logN: Number(env.SCRYPT_LOG_N ?? 17), r: 8, p: 1 },
    hashWorkers: Number(env.HASH_WORKERS ?? availableParallelism()),
    hashQueue: Number(env.HASH_QUEUE ?? 64),
    accessTtlMs: 15 * 60_000,
    refreshTtlMs: 30 * 24 * 3_600_000,
    smsProvider: env.SMS_PROVIDER === 'http' ? 'http' : 'log',
    smsLogInProduction: flag(env.SMS_LOG_IN_PRODUCTION, false),
    smsGatewayUrl: env.SMS_GATEWAY_URL || null,
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || null,
    fcm: fcmConfigFrom(env, (path) => readFileSync(path, 'utf8'), json(env.FIREBASE_CONFIG)),
    simulatorTickMs: Number(env.SIMULATOR_TICK_MS ?? 20_000),
    learnEveryMs: Number(env.LEARN_EVERY_MIN ?? 60) * 60_000,
    turnCheckMs: Number(env.TURN_CHECK_SECONDS ?? 30) * 1000,
    turnCheckParts: Number(env.TURN_CHECK_PARTS ?? 30),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    headersTimeoutMs: Number(env.HEADERS_TIMEOUT_MS ?? 10_000),
    keepAliveTimeoutMs: Number(env.KEEP_ALIVE_TIMEOUT_MS ?? 5_000),
    maxConnectionsPerAddress: Number(env.MAX_CONNECTIONS_PER_ADDRESS ?? 256),
    clientEventsPerMinute: Number(env.CLIENT_EVENTS_PER_MINUTE ?? 10),
    clientEventsPerAddress: Number(env.CLIENT_EVENTS_PER_ADDRESS ?? 60),
    clientEventsRetentionDays: Number(env.CLIENT_EVENTS_RETENTION_DAYS ?? 30),
    hstsMaxAge: Number(env.HSTS_MAX_AGE ?? 0),
    metricsToken: env.METRICS_TOKEN || null,
    limits: limitsFrom(env),
    nearby: nearbyFrom(env),
    party: partyFrom(env),
    hold: holdFrom(env),
    localAdminToken: null,
    ...overrides,
  };
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  if (!Number.isInteger(config.scrypt.logN) || config.scrypt.logN < 10 || config.scrypt.logN > 20)
    throw new Error(`SCRYPT_LOG_N must be 10…20, got ${env.SCRYPT_LOG_N}`);
  if (!Number.isInteger(config.hashWorkers) || config.hashWorkers < 1)
    throw new Error(`HASH_WORKERS must be at least 1, got ${env.HASH_WORKERS}`);
  if (!Number.isInteger(config.hashQueue) || config.hashQueue < 0) throw new Error(`HASH_QUEUE must be 0 or more, got ${env.HASH_QUEUE}`);
  if (!Number.isFinite(config.learnEveryMs) || config.learnEveryMs < 60_000)
    throw new Error(`LEARN_EVERY_MIN must be at least 1, got ${env.LEARN_EVERY_MIN}`);
  if (!Number.isFinite(config.turnCheckMs) || config.turnCheckMs < 1000)
    throw new Error(`TURN_CHECK_SECONDS must be at least 1, got ${env.TURN_CHECK_SECONDS}`);
  if (!Number.isInteger(config.turnCheckParts) || config.turnCheckParts < 1)
    throw new Error(`TURN_CHECK_PARTS must be a whole number of at least 1, got ${env.TURN_CHECK_PARTS}`);
  if (!Number.isFinite(config.simulatorTickMs) || config.simulatorTickMs < 1000)
    throw new Error(`SIMULATOR_TICK_MS must be at least 1000, got ${env.SIMULATOR_TICK_MS}`);
  for (const [name, value] of [
    ['REQUEST_TIMEOUT_MS', config.requestTimeoutMs],
    ['HEADERS_TIMEOUT_MS', config.headersTimeoutMs],
    ['KEEP_ALIVE_TIMEOUT_MS', config.keepAliveTimeoutMs],
  ] as const) {
    if (!Number.isInteger(value) || value < 100) throw new Error(`${name} must be at least 100 (milliseconds), got ${value}`);
  }
  // Node refuses a header timeout longer than the request's.
  if (config.headersTimeoutMs > config.requestTimeoutMs) throw new Error('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  if (!Number.isInteger(config.maxConnectionsPerAddress) || config.maxConnectionsPerAddress < 0)
    throw new Error(`MAX_CONNECTIONS_PER_ADDRESS must be 0 or more, got ${env.MAX_CONNECTIONS_PER_ADDRESS}`);
  for (const [name, value] of [
    ['CLIENT_EVENTS_PER_MINUTE', config.clientEventsPerMinute],
    ['CLIENT_EVENTS_PER_ADDRESS', config.clientEventsPerAddress],
    ['CLIENT_EVENTS_RETENTION_DAYS', config.clientEventsRetentionDays],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got ${value}`);
  }
  for (const [name, value] of [
    ['PGLITE_SHARED_BUFFERS', config.pglite.sharedBuffers],
    ['PGLITE_WORK_MEM', config.pglite.workMem],
  ] as const) {
    if (value !== null && !/^\d+(kB|MB|GB)$/.test(value)) throw new Error(`${name} must be a size like 16MB or 512kB, got ${value}`);
  }
  if (!Number.isInteger(config.orderCacheEntries) || config.orderCacheEntries < 1)
    throw new Error(`ORDER_CACHE_ENTRIES must be a whole number of at least 1, got ${env.ORDER_CACHE_ENTRIES}`);
  if (!Number.isInteger(config.streamsPerAddress) || config.streamsPerAddress < 1)
    throw new Error(`STREAMS_PER_ADDRESS must be a whole number of at least 1, got ${env.STREAMS_PER_ADDRESS}`);
  if (!Number.isInteger(config.streamHeartbeatMs) || config.streamHeartbeatMs < 100)
    throw new Error(`STREAM_HEARTBEAT_MS must be at least 100 (milliseconds), got ${env.STREAM_HEARTBEAT_MS}`);
  if (!Number.isInteger(config.chainFlagWaitMinutes) || config.chainFlagWaitMinutes < 1)
    throw new Error(`CHAIN_FLAG_WAIT_MINUTES must be a whole number of at least 1, got ${env.CHAIN_FLAG_WAIT_MINUTES}`);
  if (!Number.isInteger(config.listenHeartbeatMs) || config.listenHeartbeatMs < 0)
    throw new Error(`LISTEN_HEARTBEAT_MS must be 0 or more (milliseconds), got ${env.LISTEN_HEARTBEAT_MS}`);
  if (!Number.isInteger(config.listenDeadlineMs) || config.listenDeadlineMs < 100)
    throw new Error(`LISTEN_DEADLINE_MS must be at least 100 (milliseconds), got ${env.LISTEN_DEADLINE_MS}`);
  if (!Number.isInteger(config.keptRowsMs) || config.keptRowsMs < 0)
    throw new Error(`KEPT_ROWS_MS must be 0 or more (milliseconds), got ${env.KEPT_ROWS_MS}`);
  if (!Number.isInteger(config.streamReadsAtOnce) || config.streamReadsAtOnce < 1)
    throw new Error(`STREAM_READS_AT_ONCE must be a whole number of at least 1, got ${env.STREAM_READS_AT_ONCE}`);
  if (!Number.isInteger(config.chainReadsAtOnce) || config.chainReadsAtOnce < 1)
    throw new Error(`CHAIN_READS_AT_ONCE must be a whole number of at least 1, got ${env.CHAIN_READS_AT_ONCE}`);
  if (!Number.isInteger(config.chainClockRows) || config.chainClockRows < 1)
    throw new Error(`CHAIN_CLOCK_ROWS must be a whole number of at least 1, got ${env.CHAIN_CLOCK_ROWS}`);
  if (!Number.isInteger(config.hstsMaxAge) || config.hstsMaxAge < 0)
    throw new Error(`HSTS_MAX_AGE must be 0 or more (seconds), got ${env.HSTS_MAX_AGE}`);
  if (config.smsProvider === 'http' && !config.smsGatewayUrl) throw new Error('SMS_PROVIDER=http needs SMS_GATEWAY_URL');
  // Recovery codes in a production log are readable by whoever reads the log: only with an explicit yes.
  if (production && config.smsProvider === 'log' && !config.smsLogInProduction) {
    throw new Error(
      'NODE_ENV=production needs an SMS provider (SMS_PROVIDER=http with SMS_GATEWAY_URL), ' +
        'or SMS_LOG_IN_PRODUCTION=1 to send codes to the log',
    );
  }
  return config;
}
