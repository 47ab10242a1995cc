/**
 * Whether an error means the database cannot serve now rather than that the request was wrong: it is down,
 * unreachable, restarting, out of connections, or its disk or memory is full. Such a request is answered 503 with
 * Retry-After (http/errors.ts), so a client or load balancer tries again, instead of a 500.
 */

/** SQLSTATE classes and codes: 08 connection exception, 53 insufficient resources (53100 disk full), 57P0x shutdown. */
const SQLSTATE = /^(08|53)...$|^57P0[1-4]$|^58030$/;
/** Node's socket errors on the way to PostgreSQL, a full disk under PGlite, and PGlite's stopped thread. */
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ENOSPC',
  'DB_STOPPED',
]);
/** node-postgres says these in words only. */
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (SQLSTATE.test(code) || NODE_CODES.has(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  // An AggregateError (a connect tried on IPv4 and IPv6) or a wrapped cause.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
