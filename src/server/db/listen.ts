/**
 * A dedicated PostgreSQL connection that LISTENs on one channel (the queue changes, repos/shops.ts), outside the
 * pool: a pooled client cannot hold a LISTEN. When the connection drops it reconnects with backoff; `onState`
 * says when it is up (the caller then drops whatever it cached, since announcements may have been missed) and
 * when it is down (nothing may be trusted to stay current meanwhile).
 */
import pg from 'pg';

export interface Listener {
  /** Resolves once the first LISTEN is in place, or the first attempt failed (the retries go on). */
  readonly ready: Promise<void>;
  readonly connected: boolean;
  close(): Promise<void>;
}

export function listen(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (up: boolean) => void,
  onError: (err: unknown) => void = () => {},
): Listener {
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let delay = 250;
  let timer: NodeJS.Timeout | null = null;
  let first: () => void = () => {};
  const ready = new Promise<void>((r) => {
    first = r;
  });

  const down = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.removeAllListeners('notification');
    c.end().catch(() => {});
    if (connected) {
      connected = false;
      onState(false);
    }
    if (closed) return;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };

  const connect = async () => {
    timer = null;
    if (closed) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true });
    client = c;
    c.on('error', (err) => {
      onError(err);
      down(c);
    });
    c.on('end', () => down(c));
    c.on('notification', (m) => {
      if (m.channel === channel) onMessage(m.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      // The listener alone keeps no process alive (the pool and the server do while they are open).
      (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      if (client !== c || closed) return;
      connected = true;
      delay = 250;
      onState(true);
    } catch (err) {
      onError(err);
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
      const c = client;
      client = null;
      connected = false;
      await c?.end().catch(() => {});
    },
  };
}
