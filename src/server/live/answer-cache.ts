/**
 * The read side's rule (src/server/live/, docs/architecture.md "The read side"; this is the folder's main file).
 * KEPT: an answer is kept as the bytes its route's serializer wrote (with ETag, brotli and gzip forms made once) under
 * a key holding all it depends on (route, country, test shops, language), the rows it is built from beside it
 * (kept-rows.ts); only while the announcement listener is up (`changes.live`: its connection open and its heartbeat
 * heard back in time), else what was kept is dropped and every read is computed.
 * STALE: it is dropped when a change it depends on is announced (changes.ts: a shop's change drops the shop's detail,
 * its country's list and its orders; a listener reconnect or a roster change drops everything), when the clock's
 * minute moves (waits move with time; the rows outlive the minute), and at the latest after its setting's time,
 * which bounds what changes without an announcement (the learned figures, an edit made directly in the database).
 * SETTINGS: POB_CACHE_MS (answers, 60 s), KEPT_ROWS_MS (rows, 10 min), ORDER_CACHE_ENTRIES (orders kept, 5000);
 * LISTEN_HEARTBEAT_MS (2 s) and LISTEN_DEADLINE_MS (3 s): a listener lost without a close is seen within their sum.
 * The streams (streams.ts) re-read a topic on the same announcements and once a minute (STREAM_READS_AT_ONCE).
 *
 * This file: the kept answers themselves (docs/decisions.md, "Reads from kept bytes, changes announced"), so a read
 * is a map lookup and never a query per request; `maxAgeMs` is the setting's time.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { keptAnswers } from '../ops/metrics.ts';
import type { QueueChanges } from './changes.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const MINUTE = 60_000;

export type Encoding = 'br' | 'gzip';

/** One answer as sent: its JSON, ETag, the shop's queue version it was read at, and its compressed forms. */
export interface Answer {
  readonly json: string;
  readonly etag: string;
  /** The shop's queue version the answer was read at (-1 for a list). */
  readonly version: number;
  /** The compressed bytes, made on first use and kept with the answer. */
  encoded(encoding: Encoding): Promise<Buffer>;
}

export function makeAnswer(json: string, version: number): Answer {
  const forms = new Map<Encoding, Promise<Buffer>>();
  return {
    json,
    version,
    // Weak: the same JSON in each of its encodings.
    etag: `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`,
    encoded(encoding) {
      let out = forms.get(encoding);
      if (!out) {
        // Made once per change: brotli's higher qualities cost little here.
        out =
          encoding === 'br'
            ? br(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
            : gz(json, { level: 9 });
        forms.set(encoding, out);
        out.catch(() => forms.get(encoding) === out && forms.delete(encoding));
      }
      return out;
    },
  };
}

/** What an answer depends on: one shop's queue, or every queue of a country. */
export type Depends = { shopId: number } | { country: string };

interface Entry<V> {
  /** The count of announcements heard when the computation began. */
  from: number;
  minute: number;
  at: number;
  /** What the answer depends on; null until the computation tells (then any announcement ends it). */
  on: Depends | null;
  value: Promise<V | null>;
}

/**
 * Kept answers (V: Answer), or kept rows (V: what a read of the database gave, from which an answer is built at any
 * minute: `everyMinute: false`).
 */
export interface AnswerCache<V = Answer> {
  /** The kept answer of `key`, or the one `compute` makes (null: nothing to answer, e.g. no such shop). */
  get<A extends V>(key: string, on: Depends, compute: () => Promise<A | null>): Promise<A | null>;
  /**
   * The same for an answer whose dependency only its computation finds (an order's shop): `dependsOn` tells it
   * from the answer. A null answer is kept until any change is announced.
   */
  getFound<A extends V>(key: string, dependsOn: (answer: A) => Depends, compute: () => Promise<A | null>): Promise<A | null>;
  /** The answer of `key` if one is kept and current (never computes); a computation still running counts. */
  peek<A extends V>(key: string): Promise<A | null> | undefined;
  readonly size: number;
  /** Stops following the announcements. */
  close(): void;
}

/**
 * `everyMinute` (default true): an entry ends when the clock's minute moves (answers); false keeps it across
 * minutes (rows), for at most `maxAgeMs` all the same. Only answers are counted in the metrics.
 */
export function answerCache<V = Answer>(
  changes: QueueChanges,
  now: () => number,
  opts: { maxAgeMs?: number; maxEntries?: number; everyMinute?: boolean } = {},
): AnswerCache<V> {
  const maxAgeMs = opts.maxAgeMs ?? MINUTE;
  const maxEntries = opts.maxEntries ?? 500;
  const everyMinute = opts.everyMinute ?? true;
  const count = (served: boolean) => everyMinute && keptAnswers.inc({ outcome: served ? 'served' : 'rebuilt' });
  const entries = new Map<string, Entry<V>>();
  // Announcements are counted; each shop and country remembers the count at its last change.
  let heard = 0;
  let everything = 0;
  const shopAt = new Map<number, number>();
  const countryAt = new Map<string, number>();
  const unsubscribe = changes.subscribe((e) => {
    heard++;
    if (e.kind === 'all') {
      everything = heard;
      entries.clear();
      return;
    }
    shopAt.set(e.change.shopId, heard);
    countryAt.set(e.change.country, heard);
  });
  const changedSince = (on: Depends | null, from: number) => {
    if (on === null) return heard > from;
    const last = 'shopId' in on ? shopAt.get(on.shopId) : countryAt.get(on.country);
    return everything > from || (last ?? 0) > from;
  };
  // |t − at|: a test clock may move backwards; an answer from "the future" is not reused either.
  const current = (e: Entry<V> | undefined, t: number): e is Entry<V> =>
    e !== undefined &&
    (!everyMinute || e.minute === Math.floor(t / MINUTE)) &&
    Math.abs(t - e.at) < maxAgeMs &&
    !changedSince(e.on, e.from);
  const keep = (key: string, t: number, on: Depends | null, compute: () => Promise<V | null>): Entry<V> => {
    const entry: Entry<V> = { from: heard, minute: Math.floor(t / MINUTE), at: t, on, value: compute() };
    // Concurrent requests share the one computation; a failed one is not kept. A change announced while it
    // ran is counted after `from`, so its answer is never served as current.
    entries.delete(key);
    entries.set(key, entry);
    entry.value.catch(() => entries.get(key) === entry && entries.delete(key));
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    return entry;
  };
  // While announcements may be missed nothing kept is trusted: it is dropped, and every read is computed.
  const live = () => {
    if (changes.live && maxAgeMs > 0) return true;
    entries.clear();
    return false;
  };

  return {
    get<A extends V>(key: string, on: Depends, compute: () => Promise<A | null>) {
      if (!live()) return compute();
      const t = now();
      const hit = entries.get(key);
      const served = current(hit, t);
      count(served);
      return (served ? hit.value : keep(key, t, on, compute).value) as Promise<A | null>;
    },
    getFound<A extends V>(key: string, dependsOn: (answer: A) => Depends, compute: () => Promise<A | null>) {
      if (!live()) return compute();
      const t = now();
      const hit = entries.get(key);
      const served = current(hit, t);
      count(served);
      if (served) return hit.value as Promise<A | null>;
      const entry = keep(key, t, null, compute);
      // Once computed, only its dependency's changes end it (and any change announced before then).
      entry.value.then(
        (a) => {
          if (a && !changedSince(null, entry.from)) entry.on = dependsOn(a as A);
        },
        () => undefined,
      );
      return entry.value as Promise<A | null>;
    },
    peek<A extends V>(key: string) {
      if (!live()) return undefined;
      const hit = entries.get(key);
      return current(hit, now()) ? (hit.value as Promise<A | null>) : undefined;
    },
    get size() {
      return entries.size;
    },
    close: () => void unsubscribe(),
  };
}
