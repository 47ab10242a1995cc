/**
 * The shop's side of the queue: the transitions the shop makes (the floor it sees is queue-view.ts): add a walk-in,
 * start, finish (receipt and learned speed), no-show, and switching the online queue to full. Every transition is
 * one transaction of queue/orders.ts (inShop); its keys are operator/keys.ts's.
 */
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import type { OperatorPrincipal } from '../repos/operators.ts';
import { mayAct } from './keys.ts';
import { recordFinish } from './finish-speed.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { toInternationalPhone } from '../auth/rules.ts';
import { customerByPhone } from '../repos/customers.ts';
import { customerPriority } from '../queue/priority.ts';
import { barberSpeed } from '../repos/order-history.ts';
import { checkInOrder, endWaitingOrder, finishOrder, orderById, setQueueFull, startOrder, type OrderRow } from '../repos/orders.ts';
import type { Language } from '../../shared/locales.ts';
import type { ShopRow } from '../repos/shops.ts';
import { receiptWhenDone } from '../queue/receipt.ts';
import type { WireOperatorOrder } from '../../shared/wire-operator.ts';
import { notifyEnded } from '../notify/ended.ts';
import { operatorQueue, shopOrThrow } from './queue-view.ts';
import { queueOf } from '../queue/order-read.ts';
import { inShop } from '../queue/orders.ts';
import { type Choice, placeOrder } from '../queue/place.ts';

/** The order as the operator's transitions take and the operator route answers it. */
export type { OrderRow } from '../repos/orders.ts';

const MINUTE = 60_000;

/** From when the shop may mark a stepped-out order a no-show (epoch ms), or null when he is not out. */
export function noShowFrom(o: Pick<OrderRow, 'status' | 'steppedOutUntil'>, graceMinutes: number): number | null {
  return o.status === 'active' && o.steppedOutUntil !== null ? o.steppedOutUntil + graceMinutes * MINUTE : null;
}

/** A barber may start a customer this long before their shift begins (setting up early). */
const EARLY_START_MINUTES = 15;
export { VAT_BY_COUNTRY } from '../queue/receipt.ts';

export interface WalkIn {
  name: string;
  choices: Choice[];
  barberId: number | null;
  /** The customer's phone as typed: links the order to the account and its membership. */
  phone: string | null;
  checkedIn: boolean;
  /** The demo simulator's customers who joined from afar: an 'app' order on its way, maybe with an expected arrival. */
  remote?: { expectedAt: number | null };
  /** The demo simulator's made-up members only: the wire never sets it (a raw priority is refused). */
  simulatedPriority?: number;
}

/**
 * POST /operator/pobs/{id}/walk-ins/: someone at the door joins the queue (the full switch does not apply). A phone
 * of an account links the order to it, with the membership's priority; an unknown phone is an anonymous walk-in,
 * and the answer is the same shape either way, so the desk learns nothing of who has an account.
 */
export async function addWalkIn(deps: Deps, shopId: number, w: WalkIn, lang: Language | null = null): Promise<WireOperatorOrder> {
  const shop = await shopOrThrow(deps.db, shopId);
  const phone = w.phone === null ? null : toInternationalPhone(w.phone, shop.country);
  if (w.phone !== null && !phone) throw badRequest(WIRE_ERRORS.invalidPhone, 'phone');
  const now = deps.now();
  const id = await inShop(deps, shopId, async (tx, locked) => {
    const account = phone ? await customerByPhone(tx, phone) : null;
    const priority = account ? await customerPriority(tx, account.id, now) : (w.simulatedPriority ?? 0);
    return (
      await placeOrder(tx, now, {
        shop: locked,
        customerId: account?.id ?? null,
        walkInName: w.name,
        barberId: w.barberId,
        choices: w.choices,
        priority,
        checkedIn: w.checkedIn,
        online: false,
        development: deps.config.development,
        ...(w.remote && { source: 'app' as const, expectedAt: w.remote.expectedAt }),
      })
    ).order.id;
  });
  return (await operatorQueue(deps, shopId, lang)).orders.find((o) => o.id === id)!;
}

/**
 * The order a transition acts on: its id, the shop whose transaction it runs in, and from a request the bearer,
 * resolved once, who must hold a key of the order's shop that may act.
 */
export interface OrderTarget {
  id: number | null;
  /** The order's shop; from a request, the bearer's (an order of another shop is then a 403). */
  shopId: number;
  who?: OperatorPrincipal;
}

/**
 * Runs a transition in the shop's transaction on the order's row, read once and locked: 404 for no such order,
 * then 403 for a bearer who may not act on it. Answers the row as the transition wrote it.
 */
export async function onOrder(
  deps: Deps,
  target: OrderTarget,
  fn: (tx: Queryable, o: OrderRow, shop: ShopRow) => Promise<OrderRow | null>,
): Promise<OrderRow> {
  return inShop(deps, target.shopId, async (tx, shop) => {
    const o = target.id === null ? null : await orderById(tx, target.id, { forUpdate: true });
    if (!o || (!target.who && o.shopId !== shop.id)) throw notFound('Order not found');
    if (target.who) mayAct(target.who, o.shopId);
    return (await fn(tx, o, shop)) ?? o;
  });
}

/** `barberId` is read once the bearer may act (a request's body is checked after its key and order). */
export async function startService(deps: Deps, target: OrderTarget, barberId: () => number): Promise<OrderRow> {
  const now = deps.now();
  return onOrder(deps, target, async (tx, o, shop) => {
    const barber = barberId();
    if (o.status !== 'active') throw conflict('Order is not waiting');
    const queue = await queueOf(tx, shop, now);
    const onShift = queue.snapshot.barbers.some(
      (b) => b.id === barber && b.shifts.some((w) => w.start - EARLY_START_MINUTES * MINUTE <= now && now < w.end),
    );
    if (!onShift) throw badRequest('Barber is not on shift at this shop now', 'barber_id');
    const started = await startOrder(tx, o.id, barber, now);
    if (!started) throw conflict('Order is not waiting');
    return started;
  });
}

/** POST /operator/orders/{id}/finish/: served; the customer's receipt is written and the barber's speed learned. */
export async function finishService(deps: Deps, target: OrderTarget): Promise<OrderRow> {
  const now = deps.now();
  const done = await onOrder(deps, target, async (tx, o, shop) => {
    if (o.status !== 'in_service' || o.barberId === null || o.startedAt === null) throw conflict('Order is not in service');
    const finished = await finishOrder(tx, o.id, now);
    if (!finished) throw conflict('Order is not in service');
    const prior = (await barberSpeed(tx, o.barberId)) ?? 1;
    await recordFinish(tx, {
      barberId: o.barberId,
      orderId: o.id,
      listedMinutes: o.duration,
      startedAt: o.startedAt,
      finishedAt: now,
      prior,
    });
    // The party's one receipt, once everyone of it has ended (queue/receipt.ts).
    await receiptWhenDone(tx, finished, shop, now);
    return finished;
  });
  deps.turns.enqueue(() => notifyEnded(deps, done.id));
  return done;
}

/** The customer is at the desk: checked in (the simulator's remote walk-ins, or an app customer who says so). */
export async function checkInAtDesk(deps: Deps, target: OrderTarget): Promise<OrderRow> {
  return onOrder(deps, target, async (tx, o) => {
    if (o.status !== 'active') throw conflict('Order is not waiting');
    return checkInOrder(tx, o.id, deps.now());
  });
}

/**
 * The shop marks a waiting order a no-show (never the server by itself). A stepped-out order only from the time he
 * gave plus STEP_OUT_GRACE_MINUTES (no_show_from on the console).
 */
export async function markNoShow(deps: Deps, target: OrderTarget): Promise<OrderRow> {
  const now = deps.now();
  const ended = await onOrder(deps, target, async (tx, o, shop) => {
    if (o.status !== 'active') throw conflict('Order is not waiting');
    const from = noShowFrom(o, deps.config.party.graceMinutes);
    if (from !== null && now < from)
      throw conflict(`The customer stepped out and is due back; a no-show only from ${new Date(from).toISOString()}`);
    const done = await endWaitingOrder(tx, o.id, 'no-show', now);
    if (done) await receiptWhenDone(tx, done, shop, now);
    return done;
  });
  deps.turns.enqueue(() => notifyEnded(deps, ended.id));
  return ended;
}

/** PATCH /operator/pobs/{id}/ {full}: closes or reopens the online queue. */
export async function setFull(deps: Deps, shopId: number, full: boolean): Promise<void> {
  await inShop(deps, shopId, (tx) => setQueueFull(tx, shopId, full));
}
