/**
 * The chain owner's stream's rows (docs/architecture.md, "The chain owner's stream"): one feed per process, shared
 * by every owner's stream there. Each shop's row is kept (owner.ts chainShop, itself built from the shop's kept rows
 * and figures) and read again only when:
 * - the shop's change is announced (at the next read, before anything else);
 * - its own second of the minute comes (waits move with the clock): a slice of the chain each second, rather than
 *   every shop at once;
 * - every shop may have changed (a listener reconnect, the roster): the shop list is read again and every row is
 *   re-read as the clock's are, at most CHAIN_CLOCK_ROWS a read.
 * A read takes at most CHAIN_READS_AT_ONCE shops' rows at once and yields between them, so the shops' own streams
 * and requests are not held up behind the chain. Each read that changed anything gives the rows that changed (their
 * content, or their crowded flag because a shop near them changed) and the shops gone, with the feed's version one
 * up; `whole` gives every row at the current version (a connection's first frame).
 */
import type { Deps } from '../deps.ts';
import { allShops } from '../repos/operators.ts';
import type { WireChain, WireChainRows } from '../../shared/wire-chain.ts';
import { phaseOf } from './stream-topic.ts';
import { type ChainFlags, type ChainRow, chainShop, flagsOf, keepChainRows, nearbyOf, type ShopPlace } from './chain-rows.ts';

const MINUTE = 60_000;

export interface ChainFeed {
  /** A shop's change was announced (null: every shop may have changed). */
  changed(shopId: number | null): void;
  /** The clock (each second): marks the shops whose second of the minute came; whether a read is due. */
  clock(now: number): boolean;
  /**
   * Reads what is due: the rows that changed since the last read (null: nothing did) and whether more is due (the
   * rest of a sweep over CHAIN_CLOCK_ROWS).
   */
  read(): Promise<{ delta: WireChainRows | null; more: boolean }>;
  /** The version of the rows (0 before the first read): one up with each read that changed any. */
  readonly version: number;
  /** Every shop's row at the feed's version (null before the first read). */
  whole(): { chain: WireChain; version: number } | null;
}

/** Runs `task` for each item, at most `atOnce` at a time, yielding to other work between items. */
async function eachAtOnce<T>(items: readonly T[], atOnce: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
      await new Promise<void>((r) => setImmediate(r));
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

export function chainFeed(deps: Deps): ChainFeed {
  /** The shops in the chain's order (by id); null until the first read. */
  let ids: number[] | null = null;
  let known = new Set<number>();
  const rows = new Map<number, ChainRow>();
  /** Each row's JSON as last sent, and its flags. */
  const sentRows = new Map<number, string>();
  let flags = new Map<number, ChainFlags>();
  const places = new Map<number, ShopPlace>();
  let nearby: Map<number, number[]> | null = null;
  /** The clock minute of each shop's last read (counted from its own second of the minute). */
  const minuteOf = new Map<number, number>();
  const phases = new Map<number, number>();
  /** Shops whose change was announced; shops due for the clock or a sweep. */
  const changed = new Set<number>();
  const due = new Set<number>();
  let rereadList = true;
  let version = 0;

  const phase = (id: number) => {
    const p = phases.get(id) ?? phaseOf(`chain:${id}`);
    phases.set(id, p);
    return p;
  };
  const minuteNow = (id: number, now: number) => Math.floor((now - phase(id)) / MINUTE);

  /** Reads the shops' rows; returns those whose row changed and those gone. */
  const readShops = async (list: readonly number[], changedIds: Set<number>, gone: Set<number>) => {
    await eachAtOnce(list, deps.config.chainReadsAtOnce, async (id) => {
      const read = await chainShop(deps, id);
      minuteOf.set(id, minuteNow(id, deps.now()));
      if (!read) {
        if (rows.delete(id)) gone.add(id);
        sentRows.delete(id);
        places.delete(id);
        nearby = null;
        return;
      }
      const was = places.get(read.place.id);
      if (!was || was.latitude !== read.place.latitude || was.longitude !== read.place.longitude) {
        places.set(id, read.place);
        nearby = null;
      }
      const json = JSON.stringify(read.row);
      rows.set(id, read.row);
      if (sentRows.get(id) !== json) {
        sentRows.set(id, json);
        changedIds.add(id);
      }
    });
  };

  const wholeChain = (): WireChain => ({
    pobs: (ids ?? []).flatMap((id) => {
      const row = rows.get(id);
      return row ? [{ ...row, ...flags.get(id)! }] : [];
    }),
  });

  return {
    changed(shopId) {
      if (shopId === null) rereadList = true;
      else changed.add(shopId);
    },
    clock(now) {
      if (!ids) return false;
      for (const id of ids) if (minuteOf.get(id) !== minuteNow(id, now)) due.add(id);
      return due.size > 0;
    },
    async read() {
      // Until a read has gone through, every shop is read.
      const first = version === 0;
      if (first) rereadList = true;
      const changedIds = new Set<number>();
      const gone = new Set<number>();
      let list: number[] = [];
      if (rereadList) {
        rereadList = false;
        const fresh = (await allShops(deps.db)).map((s) => s.id);
        known = new Set(fresh);
        for (const id of ids ?? []) if (!known.has(id) && rows.delete(id)) gone.add(id);
        for (const id of gone) {
          places.delete(id);
          sentRows.delete(id);
        }
        nearby = null;
        // The first read takes every shop; later every shop is swept as the clock's are, a new one at once.
        for (const id of fresh)
          if (first || !rows.has(id)) list.push(id);
          else due.add(id);
        ids = fresh;
      }
      // Announced changes first, then the clock's (or a sweep's) slice.
      const taken = new Set(list);
      for (const id of changed) if (!taken.has(id)) taken.add(id);
      list = [...taken];
      changed.clear();
      let slice = 0;
      for (const id of due) {
        if (slice >= deps.config.chainClockRows) break;
        due.delete(id);
        if (taken.has(id)) continue;
        list.push(id);
        taken.add(id);
        slice++;
      }
      for (const id of taken) due.delete(id);
      // A shop the list does not know (added since it was read): the list is read again first.
      if (list.some((id) => !known.has(id))) rereadList = true;
      list = list.filter((id) => known.has(id));
      try {
        // The shops not kept are read together first (a few queries for them all), then each row is built.
        await keepChainRows(deps, list);
        await readShops(list, changedIds, gone);
      } catch (err) {
        // The database failed: what was to be read is read at the next read (the stream's clients reconnect).
        for (const id of list) changed.add(id);
        throw err;
      }
      nearby ??= nearbyOf(deps, [...places.values()]);
      const nextFlags = flagsOf(deps, nearby, rows);
      for (const [id, f] of nextFlags) {
        const had = flags.get(id);
        if (!had || had.crowded !== f.crowded || had.nearby_room.join() !== f.nearby_room.join()) changedIds.add(id);
      }
      flags = nextFlags;
      const more = due.size > 0 || rereadList;
      if (first) {
        version++;
        return { delta: null, more };
      }
      if (changedIds.size === 0 && gone.size === 0) return { delta: null, more };
      const from = version++;
      return {
        delta: {
          from,
          version,
          pobs: ids!.filter((id) => changedIds.has(id) && rows.has(id)).map((id) => ({ ...rows.get(id)!, ...flags.get(id)! })),
          removed: [...gone],
        },
        more,
      };
    },
    get version() {
      return version;
    },
    whole() {
      return ids === null || version === 0 ? null : { chain: wholeChain(), version };
    },
  };
}
