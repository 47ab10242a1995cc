/**
 * Queue change announcements (docs/architecture.md, "Live updates across processes"). Every queue change is announced
 * once after its transaction commits, with the shop's new queue version: inShop (queue/orders.ts) calls `announce` in this
 * process at once, and its lock statement (repos/shops.ts lockShopForChange) has PostgreSQL NOTIFY every process on
 * commit. On PostgreSQL a dedicated connection LISTENs (db/listen.ts); a process hears its own changes twice, so a
 * change whose version it already has is dropped. That connection proves itself alive with a heartbeat through the
 * channel (LISTEN_HEARTBEAT_MS, heard back within LISTEN_DEADLINE_MS), so a connection lost without a close is seen
 * as one that closed. While it is down nothing may be trusted to stay current (`live` is false: the kept answers are
 * dropped and every read is computed, and /readyz says not ready), and once it is back every listener hears `all`,
 * because announcements may have been missed. PGlite is one process (its data directory is locked to it): the
 * in-process emitter is everything.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { listen, type Listener, type ListenTiming } from '../db/listen.ts';
import { announceEverything, QUEUE_CHANNEL } from '../repos/shops.ts';
import { announcements, listenerLosses } from '../ops/metrics.ts';

export interface QueueChange {
  shopId: number;
  country: string;
  /** The shop's queue_version after the change. */
  version: number;
}

/** One shop's queue changed, or any queue may have (a reconnect, the roster, a seed). */
export type ChangeEvent = { kind: 'shop'; change: QueueChange } | { kind: 'all' };

export interface QueueChanges {
  /** Called once a change has committed (inShop). */
  announce(change: QueueChange): void;
  /** Every queue may have changed: this process and, on PostgreSQL, every other one drop what they hold. */
  announceEverything(): Promise<void>;
  /**
   * A device key was revoked (committed): this process and, on PostgreSQL, every other one end its streams at once.
   * Device ids are never reused, so what was heard stays true.
   */
  announceRevoked(deviceId: number): Promise<void>;
  /** Hears every revocation of every process; returns the unsubscribe. */
  onRevoked(fn: (deviceId: number) => void): () => void;
  /** Whether this process has heard the device revoked (a stream opening while the revocation is announced). */
  isRevoked(deviceId: number): boolean;
  /** Hears every change of every process; returns the unsubscribe. */
  subscribe(fn: (e: ChangeEvent) => void): () => void;
  /** Whether every process's changes reach this one now (PGlite: always). */
  readonly live: boolean;
  /** The latest version heard of the shop, if any. */
  versionOf(shopId: number): number | undefined;
  close(): Promise<void>;
}

/** The payload announcing a revoked device key ("revoked <device id>"), on the same channel. */
export const revokedPayload = (deviceId: number): string => `revoked ${deviceId}`;

/** Parses a NOTIFY payload: "id version country", or "*" for everything. */
export function parseAnnouncement(payload: string): ChangeEvent | null {
  if (payload === '*') return { kind: 'all' };
  const m = /^(\d+) (\d+) ([A-Z]{2})$/.exec(payload);
  return m ? { kind: 'shop', change: { shopId: Number(m[1]), version: Number(m[2]), country: m[3] } } : null;
}

export function queueChanges(
  db: Db,
  opts: {
    /** The listener's connection string (LISTEN_DATABASE_URL); null: no listener (PGlite). */
    databaseUrl: string | null;
    log: FastifyBaseLogger;
    /** The listener's heartbeat and deadline (LISTEN_HEARTBEAT_MS, LISTEN_DEADLINE_MS). */
    timing?: ListenTiming;
  },
): QueueChanges & { ready: Promise<void> } {
  const listeners = new Set<(e: ChangeEvent) => void>();
  const seen = new Map<number, number>();
  const emit = (e: ChangeEvent) => {
    for (const fn of listeners) {
      try {
        fn(e);
      } catch (err) {
        opts.log.error({ err }, 'queue change listener failed');
      }
    }
  };
  const hear = (e: ChangeEvent) => {
    if (e.kind === 'shop') {
      const known = seen.get(e.change.shopId);
      if (known !== undefined && e.change.version <= known) return;
      seen.set(e.change.shopId, e.change.version);
    }
    emit(e);
  };

  const revokedListeners = new Set<(deviceId: number) => void>();
  const revoked = new Set<number>();
  const hearRevoked = (deviceId: number) => {
    if (revoked.has(deviceId)) return;
    revoked.add(deviceId);
    for (const fn of revokedListeners) {
      try {
        fn(deviceId);
      } catch (err) {
        opts.log.error({ err }, 'revocation listener failed');
      }
    }
  };

  let listener: Listener | null = null;
  if (db.engine === 'postgres' && opts.databaseUrl) {
    listener = listen(
      opts.databaseUrl,
      QUEUE_CHANNEL,
      (payload) => {
        announcements.inc({ direction: 'received' });
        const r = /^revoked (\d+)$/.exec(payload);
        if (r) return hearRevoked(Number(r[1]));
        const e = parseAnnouncement(payload);
        if (e) hear(e);
      },
      (up) => {
        if (up) return emit({ kind: 'all' });
        listenerLosses.inc();
        opts.log.warn('queue change listener lost; reading afresh and reconnecting');
      },
      (err) => opts.log.warn({ err }, 'queue change listener'),
      opts.timing,
    );
  }

  return {
    ready: listener?.ready ?? Promise.resolve(),
    announce: (change) => {
      announcements.inc({ direction: 'sent' });
      hear({ kind: 'shop', change });
    },
    async announceEverything() {
      announcements.inc({ direction: 'sent' });
      emit({ kind: 'all' });
      if (listener) await announceEverything(db);
    },
    async announceRevoked(deviceId) {
      hearRevoked(deviceId);
      if (listener) await db.query('SELECT pg_notify($1, $2)', [QUEUE_CHANNEL, revokedPayload(deviceId)]);
    },
    onRevoked(fn) {
      revokedListeners.add(fn);
      return () => revokedListeners.delete(fn);
    },
    isRevoked: (deviceId) => revoked.has(deviceId),
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    get live() {
      return listener ? listener.connected : true;
    },
    versionOf: (shopId) => seen.get(shopId),
    async close() {
      await listener?.close();
    },
  };
}
