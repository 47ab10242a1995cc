/**
 * One topic of the event streams (streams.ts) and its connections: the frame they share, how a topic is read until
 * current and written to each, when in the minute it is read for the clock, and the stream's own HTTP answer.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limiter } from '../lib/limiter.ts';

/** A client this far behind (bytes it has not taken) is dropped; it reconnects and gets the current state. */
const MAX_BACKLOG = 1 << 20;

interface TopicBase {
  /** Connections with the same key share one read and one frame. */
  key: string;
  /** The SSE event name (of a topic sent as changes: its whole state's, a connection's first frame). */
  event: string;
  /** The shop whose changes move it (null: every shop's, the chain owner's stream). */
  shopId: number | null;
}

/** A topic sent whole: each read that changed it sends the whole answer again. */
export interface WholeTopic extends TopicBase {
  /** The current answer as its GET would serialize it, and the shop's queue version. */
  load(): Promise<{ json: string; version: number }>;
  changes?: undefined;
}

/**
 * A topic sent as changes (the chain owner's stream of every shop): a connection gets the whole state first, then
 * each read's change only. It keeps its own clock (the minute's reads) rather than the topic's second of the minute.
 */
export interface ChangesTopic extends TopicBase {
  load?: undefined;
  changes: {
    /** The SSE event of a change's frame. */
    event: string;
    /** Told which shop changed (null: every shop may have) before the read it causes. */
    changed(shopId: number | null): void;
    /** Called each second: whether a read is due for the clock. */
    clock(now: number): boolean;
    /**
     * Reads what is due: the change since the last read as JSON (null: nothing changed), the version it brings the
     * state to, and whether more is due at once.
     */
    read(): Promise<{ json: string | null; version: number; more: boolean }>;
    /** The whole state now as JSON, and its version (null before the first read); from memory, at once. */
    whole(): { json: string; version: number } | null;
  };
}

export type Topic = WholeTopic | ChangesTopic;

export interface Conn {
  res: ServerResponse;
  address: string;
  /** The paired device the stream was opened for (null: a shop key, a customer, the public). */
  deviceId: number | null;
  state: TopicState;
  /** A topic sent as changes: the version of the whole state it got first (a change up to it is not sent). */
  version: number;
}

export interface TopicState {
  topic: Topic;
  conns: Set<Conn>;
  /** The last frame sent (null: none read yet; a topic sent as changes: its last change, or an empty one) and its JSON. */
  frame: Buffer | null;
  json: string | null;
  /** A change or minute not yet read. */
  stale: boolean;
  /** Where in the minute its clock read falls (ms), and the minute of its last one. */
  phase: number;
  minute: number;
  /** The read due is a change's or a waiting client's (not only the minute's): it goes before the minute's. */
  urgent: boolean;
  /** The read under way is urgent. */
  readingUrgent: boolean;
  reading: Promise<void> | null;
}

/** The serializer of a GET's answer schema, compiled once through the app's own compiler (shared schemas included). */
export function serializerOf(schema: Record<string, unknown>): (reply: FastifyReply) => (value: unknown) => string {
  let fn: ((value: unknown) => string) | null = null;
  return (reply) => {
    fn ??= reply.compileSerializationSchema(schema, '200') as (value: unknown) => string;
    return fn;
  };
}

export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
  connection: 'keep-alive',
};

export function frameOf(event: string, version: number, json: string): Buffer {
  return Buffer.from(`event: ${event}\nid: ${version}\ndata: ${json}\n\n`);
}

export const PING = Buffer.from(': ping\n\n');
const NO_CHANGE = Buffer.alloc(0);

/** A topic's second of the minute for its clock read, spread over the first 50 s (ms), the same on every process. */
export function phaseOf(key: string): number {
  let h = 0;
  for (let i = 0; i < key.length; i++) h = (h * 31 + key.charCodeAt(i)) >>> 0;
  return (h % 50) * 1000;
}

/** Writes to one connection; one too far behind is dropped. */
export function write(c: Conn, bytes: Buffer): void {
  if (c.res.writableLength > MAX_BACKLOG) {
    c.res.destroy();
    return;
  }
  c.res.write(bytes);
}

/**
 * Reads the topic until it is current (a change during a read means one more read) and sends what changed; each
 * read takes its place in `limit`.
 */
export function refresh(s: TopicState, limit: Limiter): Promise<void> {
  if (s.reading) return s.reading;
  const run = async () => {
    while (s.stale) {
      s.stale = false;
      const urgent = s.urgent;
      s.urgent = false;
      s.readingUrgent = urgent;
      const changes = s.topic.changes;
      if (changes) {
        const read = await limit(urgent, () => changes.read());
        if (read.more) s.stale = true;
        s.frame ??= NO_CHANGE;
        if (read.json === null) continue;
        s.frame = frameOf(changes.event, read.version, read.json);
        // A connection opened at this version or later has it in its whole state.
        for (const c of s.conns) if (c.version < read.version) write(c, s.frame);
        continue;
      }
      const load = s.topic.load;
      const { json, version } = await limit(urgent, () => load());
      if (json === s.json && s.frame) continue;
      s.json = json;
      s.frame = frameOf(s.topic.event, version, json);
      for (const c of s.conns) write(c, s.frame);
    }
  };
  s.reading = run().finally(() => {
    s.reading = null;
  });
  return s.reading;
}

/** How many streams each address holds: its place is taken before the first read and given back when it ends. */
export function addressPlaces() {
  const held = new Map<string, number>();
  return {
    count: (address: string) => held.get(address) ?? 0,
    take: (address: string) => void held.set(address, (held.get(address) ?? 0) + 1),
    give(address: string) {
      const left = (held.get(address) ?? 1) - 1;
      if (left > 0) held.set(address, left);
      else held.delete(address);
    },
  };
}

/**
 * Takes the reply over as an event stream. On a real socket (an injected request has none of these) frames go out
 * at once, and dead peers are found.
 */
export function startEventStream(req: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  req.socket.setNoDelay?.(true);
  req.socket.setKeepAlive?.(true);
  return res;
}
