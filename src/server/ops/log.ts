/**
 * The process's logger, which never writes a secret or a personal detail: no query
 * parameters, no tokens, password hashes, codes, phones or e-mails, whatever logs them.
 * - Errors keep only their type, code, the names of what failed (table, column, constraint) and a scrubbed
 *   message and stack; a database error's `params`, `query`, `detail` and `where` are dropped.
 * - Request lines keep the method and the path with every query value replaced.
 * - Any logged field named like a secret is replaced, at any depth, and every other string is scrubbed of
 *   what looks like a phone, an e-mail, a token, a hash or a code.
 * The one exception is the `log` SMS provider's own line (rawLogger), whose purpose is to show the message;
 * config.ts refuses that provider in production without SMS_LOG_IN_PRODUCTION.
 */
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';

export const REDACTED = '[redacted]';

/** Field names whose values are never logged (compared without case, `_` and `-`). */
const SECRET_FIELDS = new Set(
  [
    'password',
    'newpassword',
    'oldpassword',
    'passwordhash',
    'hash',
    'token',
    'accesstoken',
    'refreshtoken',
    'refresh',
    'code',
    'otp',
    'phone',
    'to',
    'email',
    'authorization',
    'cookie',
    'setcookie',
    'params',
    'parameters',
    'values',
    'detail',
    'where',
    'query',
    'sql',
    'text',
    'body',
    'key',
    'secret',
    'ticket',
    'fcmtoken',
    'operatorkey',
  ].map((k) => k.toLowerCase()),
);
const isSecretField = (key: string) => SECRET_FIELDS.has(key.toLowerCase().replace(/[_-]/g, ''));

const PATTERNS: RegExp[] = [
  // e-mail addresses
  /[^\s"'<>()[\]{},;:]+@[^\s"'<>()[\]{},;:]+\.[a-z]{2,}/gi,
  // JWTs and other dotted tokens
  /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g,
  // scrypt and other $-formatted hashes
  /\$[a-z0-9]+\$[^\s"']+/gi,
  // long opaque tokens (base64url, hex: refresh tokens, operator keys, signed links)
  /\b[A-Za-z0-9_-]*[0-9][A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]{18,}|\b[A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*[0-9][A-Za-z0-9_-]{18,}/g,
  // phone numbers, written in any way (also catches other long numbers: better too much than too little)
  /\+?\(?\d[\d ().-]{5,}\d/g,
  // six-digit codes
  /\b\d{6}\b/g,
];

/** A string with everything that looks like a secret or a personal detail replaced. */
export function scrub(text: string): string {
  let out = text;
  for (const p of PATTERNS) out = out.replace(p, REDACTED);
  return out;
}

/** An error as it may be logged: no parameters, no SQL, no values. */
export function safeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: typeof err === 'string' ? scrub(err) : REDACTED };
  const e = err as Error & Record<string, unknown>;
  const out: Record<string, unknown> = {
    type: e.name === 'error' ? 'DatabaseError' : (e.constructor?.name ?? e.name),
    message: scrub(e.message),
  };
  for (const k of ['code', 'statusCode', 'severity', 'table', 'column', 'constraint', 'routine'])
    if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k];
  if (e.stack) out.stack = scrub(e.stack);
  if (e.cause !== undefined) out.cause = safeError(e.cause);
  return out;
}

/** A URL with its path scrubbed and every query value replaced (links carry tickets, tokens, phones). */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  const path = scrub(q < 0 ? url : url.slice(0, q));
  if (q < 0) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .map((pair) => `${scrub(pair.split('=')[0] ?? '')}=${REDACTED}`);
  return `${path}?${names.join('&')}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number };
}
const safeRequest = (req: RequestLike) => ({
  method: req.method,
  url: safeUrl(req.url ?? ''),
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** Any logged value with secret fields replaced and strings scrubbed (errors go through safeError). */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value instanceof Error) return safeError(value);
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretField(k) ? REDACTED : redact(v, depth + 1);
  return out;
}

const base = (config: Pick<Config, 'logLevel'>): LoggerOptions => ({ level: config.logLevel });

/** The process's logger at LOG_LEVEL ('silent' logs nothing), redacting as described above. */
export function makeLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): FastifyBaseLogger {
  const options: LoggerOptions = {
    ...base(config),
    serializers: { err: safeError, error: safeError, req: safeRequest as (req: unknown) => unknown },
    formatters: {
      // Fastify's request lines carry `req` and `res`, already serialized to safe fields: keep them.
      log: (obj) =>
        Object.fromEntries(
          Object.entries(obj).map(([k, v]) => [k, k === 'req' || k === 'res' || k === 'err' ? v : isSecretField(k) ? REDACTED : redact(v)]),
        ),
    },
    hooks: {
      // A message string built from values (`log.warn('x ' + phone)`) is scrubbed too.
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrub(a) : a)) as Parameters<typeof method>);
      },
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}

/** The `log` SMS provider's logger: its line shows the message, which is that provider's purpose. */
export function makeRawLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): FastifyBaseLogger {
  return (destination ? pino(base(config), destination) : pino(base(config))) as FastifyBaseLogger;
}
