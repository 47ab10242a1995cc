/**
 * An order row on the wire, in its three shapes: the customer's order (WireOrder), an entry of the
 * operator's queue (WireOperatorOrder) and the answer of an operator transition (WireOrderState). Pure: the
 * callers load the rows. The renames every shape shares are written once (`common`); each shape keeps its own
 * field order, which is what goes on the wire.
 */
import type { WireOrder, WireOrderService, WireOrderStatus } from '../../shared/wire-order.ts';
import type { WireOperatorOrder, WireOrderState } from '../../shared/wire-operator.ts';
import { displayName } from '../../shared/display-name.ts';
import { barberImage } from '../../shared/barber-image.ts';
import { iso } from '../lib/time.ts';
import type { ItemRow } from '../repos/order-items.ts';
import type { OrderRow } from '../repos/orders.ts';
import type { BarberLookRow } from '../repos/order-people.ts';
import type { ShopRow } from '../repos/shops.ts';

/** The fields every shape shows, renamed to the wire once. */
function common(o: OrderRow) {
  return {
    id: o.id,
    pob_id: o.shopId,
    customer_at_pob: o.checkedIn,
    chosen_barber_id: o.chosenBarberId,
    barber_id: o.barberId,
    joined_at: iso(o.joinedAt),
    started_at: iso(o.startedAt),
    finished_at: iso(o.finishedAt),
  };
}

/** Waiting and in service are both 'active' on the wire (the app knows no other open status). */
export function wireStatus(status: OrderRow['status']): WireOrderStatus {
  return status === 'in_service' ? 'active' : status;
}

export function wireServices(items: readonly ItemRow[]): WireOrderService[] {
  return items.map((i) => ({
    id: i.serviceId,
    amount: 1,
    title: i.title,
    description: i.description,
    order: i.order,
    price: i.price,
    duration: i.duration,
    group_id: i.groupId,
    group_name: i.groupName,
    extra_services: [...i.extras]
      .sort((a, b) => a.order - b.order)
      .map((e) => ({
        id: e.id,
        amount: 1,
        title: e.title,
        description: e.description,
        order: e.order,
        price: e.price,
        duration: e.duration,
      })),
  }));
}

/** What the customer's order needs besides its row: the shop, its items, the barber's look and the current wait. */
export interface OrderContext {
  shop: ShopRow;
  items: readonly ItemRow[];
  look: BarberLookRow | undefined;
  wait: {
    queue: number | null;
    low?: number | null;
    high?: number | null;
    ahead: number;
    arriveAt?: number | null;
    held?: boolean;
    leaveBy?: number | null;
  };
  /** The party's people and when the last is likely done (party-wire.ts); absent: left out. */
  party?: Pick<WireOrder, 'party' | 'party_done' | 'party_done_low' | 'party_done_high'>;
}

export function wireOrder(order: OrderRow, { shop, items, look, wait, party }: OrderContext): WireOrder {
  const c = common(order);
  return {
    id: c.id,
    customer_id: order.customerId ?? 0,
    pob_id: c.pob_id,
    pob: {
      id: shop.id,
      name: shop.name,
      address: shop.address,
      city: shop.city,
      location: { latitude: shop.latitude, longitude: shop.longitude },
    },
    status: wireStatus(order.status),
    in_service: order.status === 'in_service',
    customer_at_pob: c.customer_at_pob,
    queue: wait.queue,
    queue_low: wait.low ?? null,
    queue_high: wait.high ?? null,
    ahead: wait.ahead,
    quoted_wait: order.quotedWait,
    quoted_low: order.quotedLow,
    quoted_high: order.quotedHigh,
    // When the shop expects him, while he is on his way: the arrival he gave, else his learned trip, as the
    // engine plans his turn (tracking's travel line reads it on any device, and says the same as the wait).
    expected_at: order.status === 'active' && !order.checkedIn ? iso(wait.arriveAt ?? order.expectedAt) : null,
    waits_for_arrival: order.status === 'active' && !order.checkedIn && wait.held === true,
    // When to leave to arrive as his window's low end comes: the moment the alert and the console's expected arrival
    // are computed from (engine/leave.ts).
    leave_by: iso(wait.leaveBy ?? null),
    date: c.joined_at,
    started_at: c.started_at,
    finished_at: c.finished_at,
    barber: look ? { id: look.id, name: displayName(look), image: barberImage(look) } : null,
    chosen_barber_id: c.chosen_barber_id,
    services: wireServices(items),
    price: order.price,
    duration: order.duration,
    ...party,
    stepped_out_until: order.status === 'active' ? iso(order.steppedOutUntil) : null,
    step_outs_left: order.stepOutsLeft,
  };
}

/** The engine's view of an entry: its plan while waiting, or the expected end in service. */
export type OperatorPlan = Pick<
  WireOperatorOrder,
  'barber_id' | 'start' | 'expected_end' | 'wait' | 'wait_low' | 'wait_high' | 'position' | 'expected_at' | 'leave_by'
>;

/**
 * The first name and the last name's initial (no dot) the console shows ("Mikko K."): of the name the desk typed
 * for a walk-in (its first and last words), else of the account.
 */
export function nameParts(
  walkInName: string | null,
  customer: { firstname: string; lastname: string } | undefined,
): { first_name: string; last_initial: string | null } {
  if (walkInName !== null) {
    const words = walkInName.trim().split(/\s+/);
    const last = words.length > 1 ? [...words[words.length - 1].replace(/\.$/, '')][0] : undefined;
    return { first_name: words[0] ?? '', last_initial: last ? last.toLocaleUpperCase() : null };
  }
  if (!customer) return { first_name: 'Customer', last_initial: null };
  const initial = [...customer.lastname.trim()][0];
  return { first_name: customer.firstname.trim(), last_initial: initial ? initial.toLocaleUpperCase() : null };
}

/**
 * An entry of the operator's queue; `name` is the customer's display name when the order came through the app, a
 * companion's name or label on his own row. `party`: the people of its party still waiting or in service, and from
 * when a stepped-out order may be marked a no-show.
 * membership: the level the order was placed with (0–3) when it belongs to an account, null for an anonymous
 * walk-in; phone_linked: a desk order the customer's phone tied to an account.
 */
export function operatorEntry(
  o: OrderRow,
  customer: { firstname: string; lastname: string } | undefined,
  items: readonly ItemRow[],
  plan: Partial<OperatorPlan>,
  party: { size: number; noShowFrom: number | null } = { size: 1, noShowFrom: null },
): WireOperatorOrder {
  const c = common(o);
  const parts = nameParts(o.walkInName, customer);
  const mine = items.filter((i) => i.orderId === o.id);
  return {
    id: c.id,
    name: o.walkInName ?? (customer ? displayName(customer) : 'Customer'),
    customer: o.customerId !== null,
    status: o.status === 'in_service' ? 'in_service' : 'waiting',
    priority: o.priority,
    customer_at_pob: c.customer_at_pob,
    chosen_barber_id: c.chosen_barber_id,
    barber_id: plan.barber_id !== undefined ? plan.barber_id : c.barber_id,
    joined_at: c.joined_at,
    started_at: c.started_at,
    start: plan.start ?? null,
    expected_end: plan.expected_end ?? null,
    wait: plan.wait ?? null,
    wait_low: plan.wait_low ?? null,
    wait_high: plan.wait_high ?? null,
    position: plan.position ?? null,
    duration: o.duration,
    services: mine.flatMap((i) => [i.title, ...i.extras.map((x) => x.title)]),
    items: mine.map((i) => ({ service_id: i.serviceId, title: i.title, extra_services: i.extras.map((x) => x.id) })),
    source: o.source,
    checked_in_at: iso(o.checkedInAt),
    expected_at: o.checkedIn ? null : (plan.expected_at ?? iso(o.expectedAt)),
    leave_by: plan.leave_by ?? null,
    first_name: parts.first_name,
    last_initial: parts.last_initial,
    membership: o.customerId === null ? null : o.priority,
    phone_linked: o.source === 'desk' && o.customerId !== null,
    party_of: o.partyOf,
    person: o.person,
    party_size: party.size,
    stepped_out_until: o.status === 'active' ? iso(o.steppedOutUntil) : null,
    no_show_from: iso(party.noShowFrom),
  };
}

/** What an operator transition answers: the order's state now, with the server's own status names. */
export function orderState(o: OrderRow): WireOrderState {
  const c = common(o);
  return {
    id: c.id,
    pob_id: c.pob_id,
    status: o.status,
    barber_id: c.barber_id,
    customer_at_pob: c.customer_at_pob,
    started_at: c.started_at,
    finished_at: c.finished_at,
  };
}
