/**
 * The shop's queue as the console and the display see it (GET /operator/pobs/{id}/queue/ and its stream): the
 * barbers with their shifts, who each is serving and the wait a walk-in would get with them, and the orders in
 * service and waiting in the engine's plan, with when each waiting customer is expected at the shop.
 */
import { iso } from '../lib/time.ts';
import type { Deps } from '../deps.ts';
import { displayName } from '../../shared/display-name.ts';
import { barberImage } from '../../shared/barber-image.ts';
import type { Language } from '../../shared/locales.ts';
import type { WireOperatorQueue } from '../../shared/wire-operator.ts';
import { breaksAt } from '../repos/breaks.ts';
import { customerNamePartsOf } from '../repos/order-people.ts';
import { itemsOf } from '../repos/order-items.ts';
import { openOrdersOf, queueVersion, type OrderRow } from '../repos/orders.ts';
import { itemsInLanguage } from '../repos/item-texts.ts';
import { queueOf } from '../queue/order-read.ts';
import { operatorEntry, type OperatorPlan } from '../queue/order-wire.ts';
import { readyAt } from '../queue/engine/floor.ts';
import { arrivalPlans, type PartyLeaveOrder } from '../queue/engine/leave.ts';
import type { ScheduledOrder, Snapshot } from '../queue/engine/types.ts';
import { scheduleOf } from '../queue/snapshot.ts';
import { inOrderOfService } from '../queue/service-order.ts';
import type { Queryable } from '../db/db.ts';
import { notFound } from '../lib/http-error.ts';
import { getShop, type ShopRow } from '../repos/shops.ts';

const MINUTE = 60_000;

export async function shopOrThrow(q: Queryable, id: number): Promise<ShopRow> {
  const shop = await getShop(q, id);
  if (!shop) throw notFound('Shop not found');
  return shop;
}

/**
 * When each waiting customer is expected at the shop: on his way, as his leave-by has him arrive (engine/leave.ts,
 * what tracking and the alerts say); else when the engine expects him (floor.ts readyAt; one who stepped out, back at
 * his time); null when he is there or planned as present.
 */
export function expectedArrivals(s: Snapshot, rows: readonly ScheduledOrder[], open: Map<number, PartyLeaveOrder>) {
  const plans = arrivalPlans(open, rows, s.now, s.learned);
  return new Map(
    s.orders.map((o) => {
      const leave = plans.get(o.id) ?? null;
      const at = leave?.arriveAt ?? readyAt(o, s.now, s.learned);
      return [o.id, { at: Number.isFinite(at) ? iso(at) : null, leaveBy: leave ? iso(leave.leaveBy) : null }];
    }),
  );
}
/**
 * GET /operator/pobs/{id}/queue/: barbers and orders, in service first, then waiting in the order of service
 * (queue/service-order.ts).
 */
/** `lang`: the language of the orders' service names (null: as sold). */
export async function operatorQueue(deps: Deps, shopId: number, lang: Language | null = null): Promise<WireOperatorQueue> {
  const now = deps.now();
  const shop = await shopOrThrow(deps.db, shopId);
  const [queue, open, version, breaks] = await Promise.all([
    queueOf(deps.db, shop, now),
    openOrdersOf(deps.db, [shopId]),
    queueVersion(deps.db, [shopId]),
    breaksAt(deps.db, shopId, now),
  ]);
  const s = scheduleOf(queue);
  const waiting = inOrderOfService(s);
  const [items, names] = await Promise.all([
    itemsOf(
      deps.db,
      open.map((o) => o.id),
    ).then((rows) => itemsInLanguage(deps.db, rows, lang)),
    customerNamePartsOf(
      deps.db,
      open.flatMap((o) => (o.customerId === null ? [] : [o.customerId])),
    ),
  ]);
  const byId = new Map(open.map((o) => [o.id, o]));
  const arrivals = expectedArrivals(queue.snapshot, waiting, byId);
  const speeds = new Map(queue.snapshot.barbers.map((b) => [b.id, b.speed]));
  // A party's people still open, by the customer's order (docs/decisions.md, "Parties and stepping out").
  const sizes = new Map<number, number>();
  for (const o of open) sizes.set(o.partyOf ?? o.id, (sizes.get(o.partyOf ?? o.id) ?? 0) + 1);
  const grace = deps.config.party.graceMinutes;
  const entry = (o: OrderRow, plan: Partial<OperatorPlan>) =>
    operatorEntry(o, o.customerId === null ? undefined : names.get(o.customerId), items, plan, {
      size: sizes.get(o.partyOf ?? o.id) ?? 1,
      noShowFrom: o.status === 'active' && o.steppedOutUntil !== null ? o.steppedOutUntil + grace * MINUTE : null,
    });
  const serving = open.filter((o) => o.status === 'in_service').sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0));
  const expectedEnd = (o: OrderRow) => iso((o.startedAt ?? o.joinedAt) + Math.round(o.duration * (speeds.get(o.barberId!) ?? 1) * MINUTE));
  const orders = [
    ...serving.map((o) => entry(o, { expected_end: expectedEnd(o), wait: 0 })),
    // In the order they are told they will be served, each with the wait, window and leave-by his phone shows.
    ...waiting.map((r) =>
      entry(byId.get(r.id)!, {
        barber_id: r.barberId,
        start: iso(r.start),
        wait: r.wait,
        wait_low: r.low,
        wait_high: r.high,
        position: r.position,
        expected_at: arrivals.get(r.id)?.at ?? null,
        leave_by: arrivals.get(r.id)?.leaveBy ?? null,
      }),
    ),
  ];
  // The engine's plan: the first waiting order planned for each barber.
  const next = new Map<number, { id: number; start: number }>();
  for (const r of s.orders) {
    if (r.barberId === null || r.start === null) continue;
    const had = next.get(r.barberId);
    if (!had || r.start < had.start) next.set(r.barberId, { id: r.id, start: r.start });
  }
  const looks = new Map(queue.shifts.map((x) => [x.barberId, x]));
  return {
    pob: {
      id: shop.id,
      name: shop.name,
      open: s.open,
      full: shop.queueFull,
      queue_state: s.queueState,
      closing_soon: s.closingSoon,
      queue_version: version,
      // What a walk-in (priority 0, anyone) is quoted now: the shop list's and the app's figure, from the same plan.
      wait_time: s.queueState === 'open' ? (s.estimates[0]?.wait_time ?? null) : null,
      wait_low: s.queueState === 'open' ? (s.estimates[0]?.low ?? null) : null,
      wait_high: s.queueState === 'open' ? (s.estimates[0]?.high ?? null) : null,
    },
    barbers: queue.snapshot.barbers.map((b) => {
      const q = s.barbers.find((x) => x.id === b.id);
      const look = looks.get(b.id)!;
      const current = serving.find((o) => o.barberId === b.id);
      return {
        id: b.id,
        name: displayName(look),
        image: barberImage(look),
        on_shift: b.shifts.some((w) => w.start <= now && now < w.end),
        shifts: b.shifts.map((w) => ({ start: iso(w.start), end: iso(w.end) })),
        speed: b.speed,
        serving: current?.id ?? null,
        wait_time: q?.wait_time ?? null,
        wait_low: q?.low ?? null,
        wait_high: q?.high ?? null,
        queue_open: q?.queue_open ?? false,
        serving_since: current ? iso(current.startedAt ?? current.joinedAt) : null,
        expected_finish: current ? expectedEnd(current) : null,
        next_order: next.get(b.id)?.id ?? null,
        on_break_until: iso(breaks.find((x) => x.barberId === b.id)?.end ?? null),
      };
    }),
    orders,
  };
}
