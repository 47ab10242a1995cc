/**
 * Limits on the HTTP connections themselves, before any route runs: a slow client cannot
 * hold a socket open by trickling headers or a body, an idle keep-alive socket closes, and one address cannot
 * take every socket. Shops share one Wi-Fi address, so the per-address cap is generous.
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';

type Limits = Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs' | 'keepAliveTimeoutMs'>;

/** Fastify's own options for the timeouts; `http` goes to http.createServer. */
export function timeoutOptions(c: Limits): { requestTimeout: number; keepAliveTimeout: number; http: ServerOptions } {
  // Node checks the header and request timers on an interval (30 s by default), so a socket is closed up to one
  // interval after its timer ran out. Checked often, with Node's timers set two intervals short of the settings,
  // a slow client is closed within REQUEST_TIMEOUT_MS (HEADERS_TIMEOUT_MS), never after.
  const connectionsCheckingInterval = Math.max(20, Math.min(1_000, Math.floor(Math.min(c.headersTimeoutMs, c.requestTimeoutMs) / 10)));
  const short = (ms: number) => Math.max(connectionsCheckingInterval, ms - 2 * connectionsCheckingInterval);
  return {
    requestTimeout: short(c.requestTimeoutMs),
    keepAliveTimeout: c.keepAliveTimeoutMs,
    http: { headersTimeout: short(c.headersTimeoutMs), connectionsCheckingInterval },
  };
}

const BUSY = JSON.stringify({ error: WIRE_ERRORS.tooManyConnections });
const BUSY_ANSWER =
  `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n` +
  `Content-Length: ${Buffer.byteLength(BUSY)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${BUSY}`;

/** Refuses a connection beyond `cap` open ones from the same peer address (0: no cap) with a 503 and closes it. */
export function capConnectionsPerAddress(server: Server, cap: number): void {
  if (!cap) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      // Answer before reading anything: the client learns why, and the socket is gone at once.
      socket.end(BUSY_ANSWER);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
