/**
 * Every error answer is `{ "error": text }` (plus `field` where one field is at fault), also the
 * ones Fastify and Node write themselves: a bad URL, a parameter too long, 400/408/431 from the HTTP parser,
 * 503 while shutting down, bad or oversized bodies, an unsupported media type. No answer echoes the URL or
 * carries Fastify's `code`/`message`/`statusCode`, and a HEAD answer has no body. The texts are
 * src/shared/wire-errors.ts's, which the client translates.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { HttpError } from '../lib/http-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

/** Seconds a client should wait before retrying a request refused because the server is shutting down. */
export const RESTART_RETRY_AFTER_S = 5;

/** The text of a Fastify error that reaches the error handler (body parsing and the like), by its code and status. */
function frameworkText(err: FastifyError): string {
  if (err.statusCode === 413) return WIRE_ERRORS.bodyTooLarge;
  if (err.statusCode === 415) return WIRE_ERRORS.unsupportedMediaType;
  if (err.code?.startsWith('FST_ERR_CTP_') || err instanceof SyntaxError) return WIRE_ERRORS.invalidBody;
  if (err.statusCode === 404) return WIRE_ERRORS.notFound;
  if (err.statusCode === 400) return WIRE_ERRORS.badRequest;
  // Any other 4xx of Fastify: the status's own name, never a message that may quote the request.
  return STATUS_CODES[err.statusCode ?? 400] ?? WIRE_ERRORS.badRequest;
}

/** Seconds a client should wait before retrying a request the database could not serve (down, full). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The app's error handler: HttpErrors as thrown (with Retry-After), Fastify's 4xx by text, a database that cannot
 * serve a 503 with Retry-After, the rest a 500.
 */
export function errorHandler(err: FastifyError | HttpError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof HttpError) {
    if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
    return reply.status(err.statusCode).send(err.field ? { error: err.message, field: err.field } : { error: err.message });
  }
  // Schema errors arrive as HttpErrors made by schemaError; these are Fastify's own.
  const fe = err as FastifyError;
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return reply.status(fe.statusCode).send({ error: frameworkText(fe) });
  if (isDatabaseUnavailable(err)) {
    req.log.warn({ err }, 'database unavailable');
    return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ error: WIRE_ERRORS.busy });
  }
  req.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ error: WIRE_ERRORS.internal });
}

/** Fastify's `frameworkErrors`: a URL the router cannot decode, a path parameter over maxParamLength. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send({ error: WIRE_ERRORS.urlTooLong });
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ error: WIRE_ERRORS.invalidUrl });
  return reply
    .status(err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400)
    .send({ error: WIRE_ERRORS.badRequest });
}

/** A raw HTTP/1.1 error answer for the socket-level paths, where no request object exists. */
export function rawAnswer(status: number, text: string, extra: Record<string, string> = {}, withBody = true): string {
  const body = JSON.stringify({ error: text });
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    ...extra,
    Connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${withBody ? body : ''}`;
}

/** Fastify's `clientErrorHandler`: Node's parser refused the request (malformed, headers too large, too slow). */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, WIRE_ERRORS.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, WIRE_ERRORS.headersTooLarge]
        : [400, WIRE_ERRORS.badRequest];
  if (socket.writable) socket.write(rawAnswer(status, text));
  socket.destroy(err);
}

/**
 * While the app closes, requests still arriving on open connections get a 503 with Retry-After (Fastify's own
 * closing answer has neither our shape nor Retry-After; it is turned off in app.ts with return503OnClosing).
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks here and below, not async ones: they run on every request.
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done();
    reply
      .status(503)
      .header('retry-after', String(RESTART_RETRY_AFTER_S))
      .header('connection', 'close')
      .send({ error: WIRE_ERRORS.restarting });
  });
}

/** A HEAD answer carries the headers of its GET and no body, errors included. */
export function bodilessHead(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.method !== 'HEAD') return done(null, payload);
    // The length the GET would have (Fastify keeps a HEAD's content-length as set), with nothing sent.
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) reply.header('content-length', String(Buffer.byteLength(payload)));
    done(null, '');
  });
}
