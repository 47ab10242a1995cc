/**
 * Fair admission of API requests, a few per turn of the event loop (issue 17 item 5).
 *
 * Why: Node (libuv) accepts one new connection per turn of the event loop, and a turn runs every request
 * that arrived on an open keep-alive connection during it. With PGlite every statement also runs on this
 * thread, so 200 phones polling the shop list made a turn last up to a second, and a new connection
 * (a join, a phone opening the app, even /config.json) waited behind dozens of others in the accept queue
 * for 6–13 s. Starting at most `perTurn` API requests per turn keeps each turn short, so new connections are
 * accepted and cheap answers go out while the rest wait their turn in arrival order. The wait is bounded:
 * beyond `queue` waiting requests the answer is 503 with Retry-After, never an unbounded wait.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

export interface AdmissionLimits {
  /** API requests started per turn of the event loop (ADMIT_PER_TURN; 0: no gate). */
  perTurn: number;
  /** API requests that may wait for their turn (ADMIT_QUEUE). */
  queue: number;
}

export class AdmissionBusyError extends HttpError {
  constructor() {
    super(503, 'The server is busy, try again in a moment', undefined, 1);
  }
}

export function admitFairly(app: FastifyInstance, limits: AdmissionLimits): void {
  if (!limits.perTurn) return;
  const waiting: (() => void)[] = [];
  let startedThisTurn = 0;
  let scheduled = false;
  // setImmediate runs after the poll phase, where connections are accepted and sockets read.
  const nextTurn = () => {
    scheduled = false;
    startedThisTurn = 0;
    while (startedThisTurn < limits.perTurn && waiting.length) {
      startedThisTurn++;
      waiting.shift()!();
    }
    if (waiting.length || startedThisTurn) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };
  app.addHook('onRequest', (req, _reply, done) => {
    // Static files and /config.json are answered from memory: they never wait.
    if (!req.url.startsWith('/api/')) return done();
    if (!waiting.length && startedThisTurn < limits.perTurn) {
      startedThisTurn++;
      schedule();
      return done();
    }
    if (waiting.length >= limits.queue) return done(new AdmissionBusyError());
    waiting.push(() => done());
    schedule();
  });
}
