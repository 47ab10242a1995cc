/**
 * A party on the customer's order (docs/decisions.md, "Parties and stepping out"): one entry per person, the
 * customer first, each with his own status, wait and window, barber and services; and when the last of them is
 * likely done. Pure: the callers load the rows and the queue.
 */
import type { WireOrder, WirePartyPerson } from '../../shared/wire-order.ts';
import { displayName } from '../../shared/display-name.ts';
import { barberImage } from '../../shared/barber-image.ts';
import type { ItemRow } from '../repos/order-items.ts';
import type { OrderRow } from '../repos/orders.ts';
import type { BarberLookRow } from '../repos/order-people.ts';
import { wireServices, wireStatus } from './order-wire.ts';
import { scheduleOf, type ShopQueue } from './snapshot.ts';

const MINUTE = 60_000;

/** One person of a party as loaded: his order row, his items and the looks of his barber. */
export interface PartyMember {
  order: OrderRow;
  /** His name: the customer's first name, a companion's name or label ('' once the account is deleted). */
  name: string;
  items: readonly ItemRow[];
  look: BarberLookRow | undefined;
}

export type PartyFields = Pick<WireOrder, 'party' | 'party_done' | 'party_done_low' | 'party_done_high'>;

/** A person's current wait and window (order-read.ts waitOf). */
export type WaitOf = (o: OrderRow) => { queue: number | null; low: number | null; high: number | null };

function personOf(m: PartyMember, waitOf: WaitOf): WirePartyPerson {
  const o = m.order;
  const wait = waitOf(o);
  return {
    person: o.person,
    name: m.name,
    status: wireStatus(o.status),
    in_service: o.status === 'in_service',
    queue: wait.queue,
    queue_low: wait.low,
    queue_high: wait.high,
    barber: m.look ? { id: m.look.id, name: displayName(m.look), image: barberImage(m.look) } : null,
    services: wireServices(m.items),
    price: o.price,
    duration: o.duration,
  };
}

/**
 * Minutes until the last open person is likely done, with its window: the latest of (his start + his listed
 * minutes at his barber's speed), in service his expected end. Null when nobody is open or someone waiting cannot
 * be served today.
 */
export function partyDone(members: readonly PartyMember[], queue: ShopQueue | null): { done: number; low: number; high: number } | null {
  const open = members.filter((m) => m.order.status === 'active' || m.order.status === 'in_service');
  if (!open.length || !queue) return null;
  const { now, barbers } = queue.snapshot;
  const speed = (id: number | null) => barbers.find((b) => b.id === id)?.speed ?? 1;
  const plan = new Map(scheduleOf(queue).orders.map((r) => [r.id, r]));
  let done = 0;
  let low = 0;
  let high = 0;
  for (const { order: o } of open) {
    if (o.status === 'in_service') {
      const end = (o.startedAt ?? o.joinedAt) + o.duration * speed(o.barberId) * MINUTE;
      const left = Math.max(0, Math.ceil((end - now) / MINUTE));
      done = Math.max(done, left);
      low = Math.max(low, left);
      high = Math.max(high, left);
      continue;
    }
    const r = plan.get(o.id);
    if (!r || r.wait === null) return null;
    const minutes = Math.ceil(o.duration * speed(r.barberId));
    done = Math.max(done, r.wait + minutes);
    low = Math.max(low, (r.low ?? r.wait) + minutes);
    high = Math.max(high, (r.high ?? r.wait) + minutes);
  }
  return { done, low: Math.min(low, done), high: Math.max(high, done) };
}

/** The party's fields of the customer's order: the customer (person 0) and his companions in their order. */
export function partyWire(members: readonly PartyMember[], queue: ShopQueue | null, waitOf: WaitOf): PartyFields {
  const done = partyDone(members, queue);
  return {
    party: [...members].sort((a, b) => a.order.person - b.order.person).map((m) => personOf(m, waitOf)),
    party_done: done?.done ?? null,
    party_done_low: done?.low ?? null,
    party_done_high: done?.high ?? null,
  };
}
