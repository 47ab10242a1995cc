/**
 * A dedicated PostgreSQL connection that LISTENs on one channel (the queue changes, repos/shops.ts), outside the
 * pool: a pooled client cannot hold a LISTEN. `onState` says when it is up (the caller then drops whatever it
 * cached, since announcements may have been missed) and when it is down (nothing may be trusted to stay current
 * meanwhile); when it is down it reconnects with backoff.
 *
 * A connection can also be lost without a close: the peer vanishes (a dropped NAT entry, a failed-over host) and
 * nothing arrives any more, while the socket looks open for the kernel's minutes. So every `heartbeatMs` the
 * connection NOTIFYs the channel a heartbeat of its own ("heartbeat <token> <n>", which every other listener
 * ignores) and must hear it back within `deadlineMs`: the round trip covers the socket both ways, the session and
 * its LISTEN. A heartbeat not heard back in time, or a connection not listening within `deadlineMs` of its start
 * (plus the backoff's delay, so a slow database is given longer at each try), counts as lost: the socket is
 * destroyed and the connection made anew (docs/architecture.md, "Live updates across processes").
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface Listener {
  /** Resolves once the first LISTEN is in place, or the first attempt failed (the retries go on). */
  readonly ready: Promise<void>;
  readonly connected: boolean;
  close(): Promise<void>;
}

export interface ListenTiming {
  /** How often the connection NOTIFYs itself a heartbeat (0: never; a loss is then seen only when the socket closes). */
  heartbeatMs: number;
  /** A heartbeat not heard back, or a connection not listening, within this is lost. */
  deadlineMs: number;
}

/** The payload prefix of a listener's heartbeat; a listener hears every process's and keeps only its own. */
export const HEARTBEAT = 'heartbeat ';

type Socket = { destroy?: () => void; unref?: () => void };
const socketOf = (c: pg.Client): Socket | undefined => (c as unknown as { connection?: { stream?: Socket } }).connection?.stream;

export function listen(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (up: boolean) => void,
  onError: (err: unknown) => void = () => {},
  timing: ListenTiming = { heartbeatMs: 2_000, deadlineMs: 3_000 },
): Listener {
  const token = randomBytes(6).toString('hex');
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let delay = 250;
  let timer: NodeJS.Timeout | null = null;
  /** The deadline of the connection being made, or of the heartbeat awaited. */
  let deadline: NodeJS.Timeout | null = null;
  let beating: NodeJS.Timeout | null = null;
  let beat = 0;
  let awaited: number | null = null;
  let first: () => void = () => {};
  const ready = new Promise<void>((r) => {
    first = r;
  });

  const stopTimers = () => {
    if (deadline) clearTimeout(deadline);
    if (beating) clearInterval(beating);
    deadline = beating = null;
    awaited = null;
  };

  const down = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    stopTimers();
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    // A lost peer never answers the goodbye: the socket goes now, not after the kernel's timeouts.
    socketOf(c)?.destroy?.();
    first();
    if (connected) {
      connected = false;
      onState(false);
    }
    if (closed) return;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  /** Past `deadlineMs`: lost, unless what it waited for is already read (a busy loop runs timers before I/O). */
  const expect = (c: pg.Client, what: string, done: () => boolean, ms: number) => {
    deadline = setTimeout(() => {
      setImmediate(() => {
        if (client !== c || done()) return;
        onError(new Error(`listener ${what} within ${ms} ms; connecting anew`));
        down(c);
      });
    }, ms);
    deadline.unref();
  };

  const heartbeat = (c: pg.Client) => {
    if (client !== c || awaited !== null) return;
    const n = ++beat;
    awaited = n;
    c.query('SELECT pg_notify($1, $2)', [channel, `${HEARTBEAT}${token} ${n}`]).catch(() => down(c));
    expect(c, 'heartbeat not heard back', () => awaited !== n, timing.deadlineMs);
  };

  const connect = async () => {
    timer = null;
    if (closed) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'walkin-listener' });
    client = c;
    c.on('error', (err) => {
      onError(err);
      down(c);
    });
    c.on('end', () => down(c));
    c.on('notification', (m) => {
      if (m.channel !== channel) return;
      const payload = m.payload ?? '';
      if (!payload.startsWith(HEARTBEAT)) return onMessage(payload);
      if (payload === `${HEARTBEAT}${token} ${awaited}`) {
        awaited = null;
        if (deadline) clearTimeout(deadline);
        deadline = null;
      }
    });
    // A connection slower than the deadline (a loaded database) gets longer at each try, as the backoff grows.
    if (timing.heartbeatMs > 0) expect(c, 'not listening', () => connected, timing.deadlineMs + delay);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      // The listener alone keeps no process alive (the pool and the server do while they are open).
      socketOf(c)?.unref?.();
      if (client !== c || closed) return;
      if (deadline) clearTimeout(deadline);
      deadline = null;
      connected = true;
      delay = 250;
      if (timing.heartbeatMs > 0) {
        beating = setInterval(() => heartbeat(c), timing.heartbeatMs);
        beating.unref();
      }
      onState(true);
    } catch (err) {
      if (client === c) onError(err);
      down(c);
    } finally {
      first();
    }
  };
  void connect();

  return {
    ready,
    get connected() {
      return connected;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      stopTimers();
      const c = client;
      client = null;
      connected = false;
      await c?.end().catch(() => {});
    },
  };
}
