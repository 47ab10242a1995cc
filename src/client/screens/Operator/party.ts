/**
 * Parties and step-outs on the floor (docs/decisions.md, "Parties and stepping out on the console"): a party is its customer's order
 * (person 0, party_size) and his companions' orders (party_of, person 1–4), each an order row of its own that is
 * started and finished on its own barber; the floor shows them together under "Matti K. + 2". Pure rules, no signals.
 */
import type { Floor, FloorOrder } from '../../lib/operator.ts';
import { shortName, waitingInOrder } from '../../lib/operator.ts';

/** One line of the queue: an order alone, or a party with its people (waiting and in service) by person number. */
export type QueueEntry =
  | { kind: 'order'; order: FloorOrder; position: number }
  | { kind: 'party'; key: number; head: FloorOrder | null; people: FloorOrder[]; size: number; positions: Map<number, number> };

/** The customer's order id a row belongs to, or null for an order alone (a party of one is an order alone). */
export function partyKey(o: FloorOrder): number | null {
  if (o.party_of != null) return o.party_of;
  return (o.party_size ?? 1) > 1 ? o.id : null;
}

/** Everyone of the party on the floor (waiting or in service), by person number. */
export function partyPeople(f: Floor, key: number): FloorOrder[] {
  return f.orders.filter((o) => partyKey(o) === key).sort((a, b) => (a.person ?? 0) - (b.person ?? 0));
}

/**
 * The queue as the floor shows it: in the order of service, every person at his own place in it (from 1). A party is
 * one card where its people follow one another; one whose people are apart (a member served before his companions)
 * shows a card at each stretch, so no place is shown above an earlier one. The party's people in service go with its
 * first card; a card lists its people by person number. A party whose people are all in service has no line here.
 */
export function queueEntries(f: Floor): QueueEntry[] {
  const waiting = waitingInOrder(f);
  const positions = new Map(waiting.map((o, i) => [o.id, i + 1]));
  const seen = new Set<number>();
  const out: QueueEntry[] = [];
  for (let i = 0; i < waiting.length; i++) {
    const o = waiting[i];
    const key = partyKey(o);
    if (key === null) {
      out.push({ kind: 'order', order: o, position: positions.get(o.id) as number });
      continue;
    }
    const run = [o];
    while (i + 1 < waiting.length && partyKey(waiting[i + 1]) === key) run.push(waiting[++i]);
    const first = !seen.has(key);
    seen.add(key);
    out.push(partyEntry(f, key, positions, run, first) ?? { kind: 'order', order: o, position: positions.get(o.id) as number });
  }
  return out;
}

/**
 * A card of the party of the customer's order `key`: the stretch `run` of its waiting people (all of them when not
 * given), with those in service on its first card; null for a companion alone whose customer has left the floor.
 */
function partyEntry(
  f: Floor,
  key: number,
  positions: Map<number, number>,
  run?: readonly FloorOrder[],
  first = true,
): Extract<QueueEntry, { kind: 'party' }> | null {
  const all = partyPeople(f, key);
  const head = all.find((p) => p.id === key) ?? null;
  if (!head && all.length < 2) return null;
  const size = Math.max(head?.party_size ?? all.length, all.length);
  const people = run
    ? [...(first ? all.filter((p) => p.status === 'in_service') : []), ...run].sort((a, b) => (a.person ?? 0) - (b.person ?? 0))
    : all;
  return { kind: 'party', key, head, people, size, positions };
}

/** "Matti K. + 2": the customer's name and how many come with him; without him on the floor, the first person's. */
export function partyLabel(entry: Extract<QueueEntry, { kind: 'party' }>, plus: (name: string, count: number) => string): string {
  const first = entry.head ?? entry.people[0];
  return plus(shortName(first), entry.size - 1);
}

/** The label of the party a row belongs to, or null for an order alone. */
export function partyOf(f: Floor, o: FloorOrder, plus: (name: string, count: number) => string): string | null {
  const key = partyKey(o);
  const entry = key === null ? null : partyEntry(f, key, new Map());
  return entry ? partyLabel(entry, plus) : null;
}

/** Out of the shop until this time (ISO), or null when he has not stepped out. */
export function awayUntil(o: FloorOrder): string | null {
  return o.status === 'waiting' && o.stepped_out_until ? o.stepped_out_until : null;
}

/**
 * Whether the shop may mark the order a no-show now: always for one who has not stepped out; for one who has, only
 * from no_show_from (his back time plus the grace), which the server enforces too.
 */
export function noShowOpen(o: FloorOrder, now: number): boolean {
  if (!awayUntil(o)) return true;
  if (!o.no_show_from) return false;
  return Date.parse(o.no_show_from) <= now;
}
