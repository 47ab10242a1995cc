/**
 * Server-sent event streams (docs/architecture.md, "Live updates across processes"). Connections follow a topic (one shop's public state,
 * one customer's order, one shop's operator queue); a topic is read once per change for all its connections, and
 * the same bytes are written to each. A topic is read again when a change of its shop is announced
 * (changes.ts; `all` after a listener reconnect or a roster change), and once a minute, since waits move
 * with time alone: each topic at its own second of the minute (from its key), so a process with thousands of
 * topics re-reads a few each second rather than all at once; a frame goes out only when the answer differs from the last one sent.
 * An idle stream costs no query: heartbeats (`: ping`) come from memory.
 *
 * Each frame is `event: <name>`, `id: <the shop's queue_version>`, `data: <the same JSON as the matching GET>`.
 * Every connection gets the current state first, so a resume with Last-Event-ID is the current state too.
 * One address may hold `perAddress` streams (429 beyond), and a shutdown ends every stream cleanly.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { countStreams } from '../ops/metrics.ts';
import { type Limiter, limiter } from '../lib/limiter.ts';
import {
  addressPlaces,
  type Conn,
  frameOf,
  PING,
  phaseOf,
  refresh,
  STREAM_HEADERS,
  startEventStream,
  type Topic,
  type TopicState,
  write,
} from './stream-topic.ts';

export { frameOf, serializerOf, type Topic } from './stream-topic.ts';

const MINUTE = 60_000;

export interface Streams {
  /**
   * Opens a stream on the topic: errors (429, the topic's own 4xx) come back as JSON before any byte is streamed.
   * A HEAD gets the stream's headers at once and holds nothing. A stream opened for a device ends when the device
   * is revoked (announced by any process), and a device already heard revoked gets a 401.
   */
  open(req: FastifyRequest, reply: FastifyReply, topic: Topic, opts?: { deviceId?: number | null }): Promise<void>;
  /**
   * Reads again every topic whose minute moved, counted from its own second of the minute (a timer calls it each
   * second; tests with their own clock too: a clock moved a whole minute moves every topic's).
   */
  tick(): Promise<void>;
  /** Open streams. */
  readonly size: number;
  /** Streams of one address. */
  countOf(address: string): number;
  /** Resolves once every topic read under way is done and sent (tests). */
  settled(): Promise<void>;
  /** Ends every stream (shutdown) and stops the timers. */
  close(): void;
}

/** What the streams of one process share: the topics followed, the read limit, the places each address holds. */
interface Hub {
  deps: Deps;
  topics: Map<string, TopicState>;
  limit: Limiter;
  perAddress: ReturnType<typeof addressPlaces>;
  /** Streams one address may hold. */
  perAddressMax: number;
  /** Open streams. */
  conns: number;
}

/** A topic not followed yet: to be read before its first frame, then again at its own second of each minute. */
function newTopic(topic: Topic, now: number): TopicState {
  const phase = phaseOf(topic.key);
  return {
    topic,
    conns: new Set(),
    frame: null,
    json: null,
    stale: true,
    urgent: true,
    readingUrgent: false,
    reading: null,
    phase,
    minute: Math.floor((now - phase) / MINUTE),
  };
}

/** Opens one stream (Streams.open): refused before any byte, or the topic's current frame first. */
async function openStream(hub: Hub, req: FastifyRequest, reply: FastifyReply, topic: Topic, deviceId: number | null): Promise<void> {
  const { deps, topics, limit, perAddress } = hub;
  if (deviceId !== null && deps.changes.isRevoked(deviceId)) throw new HttpError(401, WIRE_ERRORS.invalidTicket);
  // A HEAD learns what a GET would open without holding a stream (bodilessHead sends no body).
  if (req.method === 'HEAD') {
    reply.status(200).headers(STREAM_HEADERS).send('');
    return;
  }
  const address = req.ip;
  if (perAddress.count(address) >= hub.perAddressMax) {
    reply.header('retry-after', '30');
    throw new HttpError(429, WIRE_ERRORS.tooManyStreams);
  }
  let s = topics.get(topic.key);
  if (!s) {
    s = newTopic(topic, deps.now());
    topics.set(topic.key, s);
  }
  // Reserve the address's place while the first read runs.
  perAddress.take(address);
  try {
    // A client waits for a change's read (it gets the current state first), not for the minute's: that one
    // may wait behind every other topic's, and the frame it has is at most a minute old.
    if (!s.frame || s.urgent || (s.reading && s.readingUrgent)) {
      s.urgent ||= s.stale || !s.frame;
      await refresh(s, limit);
    }
    // The topic may have been dropped meanwhile (its last client left) and opened anew by another client.
    const current = topics.get(topic.key);
    if (!current) topics.set(topic.key, s);
    else if (current !== s) {
      s = current;
      if (!s.frame) await refresh(s, limit);
    }
    // Revoked while the first read ran (the announcement came before this stream was listed).
    if (deviceId !== null && deps.changes.isRevoked(deviceId)) throw new HttpError(401, WIRE_ERRORS.invalidTicket);
  } catch (err) {
    perAddress.give(address);
    if (s.conns.size === 0 && topics.get(topic.key) === s) topics.delete(topic.key);
    throw err;
  }
  // A topic sent as changes: its whole state first, from memory, in the same turn the connection joins its topic (a
  // change read before it is in it, one read after it follows).
  const whole = s.topic.changes?.whole() ?? null;
  const res = startEventStream(req, reply);
  const c: Conn = { res, address, deviceId, state: s, version: whole?.version ?? 0 };
  s.conns.add(c);
  hub.conns++;
  res.on('close', () => dropConn(hub, c));
  res.write(whole ? frameOf(s.topic.event, whole.version, whole.json) : s.frame!);
}

/** A stream ended: its address's place is free, and a topic nobody follows any more is forgotten. */
function dropConn(hub: Hub, c: Conn): void {
  if (!c.state.conns.delete(c)) return;
  hub.conns--;
  hub.perAddress.give(c.address);
  if (c.state.conns.size === 0 && hub.topics.get(c.state.topic.key) === c.state) hub.topics.delete(c.state.topic.key);
}

export function streams(deps: Deps, opts: { perAddress: number; heartbeatMs: number; tickMs?: number; readsAtOnce?: number }): Streams {
  const hub: Hub = {
    deps,
    topics: new Map(),
    limit: limiter(opts.readsAtOnce ?? 4),
    perAddress: addressPlaces(),
    perAddressMax: opts.perAddress,
    conns: 0,
  };
  const { topics, limit } = hub;

  const refreshInBackground = (s: TopicState, urgent: boolean) => {
    s.stale = true;
    s.urgent ||= urgent;
    refresh(s, limit).catch((err) => {
      // The topic is gone (an order deleted with its account) or the database failed: its clients reconnect
      // and get the error as an answer, or fall back to polling.
      if (!(err instanceof HttpError)) deps.log.warn({ err, topic: s.topic.event }, 'stream read failed');
      for (const c of [...s.conns]) c.res.end();
    });
  };

  const unsubscribe = deps.changes.subscribe((e) => {
    for (const s of topics.values())
      if (e.kind === 'all' || s.topic.shopId === null || s.topic.shopId === e.change.shopId) {
        s.topic.changes?.changed(e.kind === 'all' ? null : e.change.shopId);
        refreshInBackground(s, true);
      }
  });
  // A revoked device's streams end at once: it reconnects, and its ticket and key are refused.
  const unsubscribeRevoked = deps.changes.onRevoked((deviceId) => {
    for (const s of [...topics.values()]) for (const c of [...s.conns]) if (c.deviceId === deviceId) c.res.end();
  });

  const tick = async () => {
    const now = deps.now();
    for (const s of topics.values()) {
      // A topic sent as changes keeps its own clock (the chain's: each shop at its own second of the minute).
      if (s.topic.changes) {
        if (s.topic.changes.clock(now)) refreshInBackground(s, false);
        continue;
      }
      const minute = Math.floor((now - s.phase) / MINUTE);
      if (minute === s.minute) continue;
      s.minute = minute;
      refreshInBackground(s, false);
    }
    await settled();
  };

  const settled = async () => {
    while ([...topics.values()].some((s) => s.reading)) await Promise.allSettled([...topics.values()].map((s) => s.reading));
  };

  // Open streams by kind, read at each metrics scrape.
  const uncount = countStreams(() => {
    const byKind = new Map<string, number>();
    for (const s of topics.values()) byKind.set(s.topic.event, (byKind.get(s.topic.event) ?? 0) + s.conns.size);
    return byKind;
  });

  const heartbeat = setInterval(() => {
    for (const s of topics.values()) for (const c of s.conns) write(c, PING);
  }, opts.heartbeatMs);
  heartbeat.unref();
  const clock = setInterval(() => void tick(), opts.tickMs ?? 1_000);
  clock.unref();

  return {
    open: (req, reply, topic, openOpts = {}) => openStream(hub, req, reply, topic, openOpts.deviceId ?? null),
    tick,
    get size() {
      return hub.conns;
    },
    countOf: (address) => hub.perAddress.count(address),
    settled,
    close() {
      clearInterval(heartbeat);
      clearInterval(clock);
      unsubscribe();
      unsubscribeRevoked();
      uncount();
      for (const s of [...topics.values()]) for (const c of [...s.conns]) c.res.end();
      topics.clear();
    },
  };
}
