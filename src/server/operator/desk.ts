/**
 * Orders changed at the desk (docs/decisions.md, "Orders changed at the desk"): the console changes a waiting
 * order's services, extras and chosen barber (repriced and planned again; refused when it no longer fits before
 * close), and checks in or marks a no-show a whole party in one call, undoable for DESK_UNDO_SECONDS. Each runs in
 * the shop's transaction (queue/orders.ts inShop), so the customer's tracking, receipt and price follow from the
 * announced change. The chain owner's key acts on no floor (keys.ts mayAct).
 */
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict } from '../lib/http-error.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import type { Language } from '../../shared/locales.ts';
import { changeWaitingOrder, checkInOrder, endWaitingOrder, orderById, type OrderRow } from '../repos/orders.ts';
import { companionsOf } from '../repos/parties.ts';
import type { ShopRow } from '../repos/shops.ts';
import {
  type DeskAction,
  type PersonBefore,
  dropReceiptOf,
  lastUndo,
  markUndone,
  saveUndo,
  uncheckIn,
  unNoShow,
} from '../repos/desk-undos.ts';
import { queueOf } from '../queue/order-read.ts';
import { type Choice, priceChoices, worksToday } from '../queue/place.ts';
import { receiptWhenDone } from '../queue/receipt.ts';
import { schedule } from '../queue/engine/schedule.ts';
import { notifyEnded } from '../notify/ended.ts';
import { noShowFrom, onOrder, type OrderTarget } from './actions.ts';

/** The desk's refusals that the shared texts do not name. */
export const DESK_ERRORS = {
  noLongerFits: WIRE_ERRORS.deskNoLongerFits,
  nothingToUndo: WIRE_ERRORS.deskNothingToUndo,
  tooLateToUndo: WIRE_ERRORS.deskTooLateToUndo,
  notWaiting: 'Order is not waiting',
} as const;

/** What the desk changes of a waiting order: absent fields stay as they are. */
export interface DeskChange {
  choices?: Choice[];
  /** The barber he chose, or null for anyone. */
  barberId?: number | null;
}

/** The waiting orders the engine cannot place before close. */
function unplacedOf(queue: Awaited<ReturnType<typeof queueOf>>): Set<number> {
  return new Set(
    schedule(queue.snapshot)
      .orders.filter((o) => o.barberId === null)
      .map((o) => o.id),
  );
}

/**
 * PATCH /operator/orders/{id}/: the desk changes a waiting order's services and extras or chosen barber. Priced as
 * sold now (the menu's prices), planned again in the same transaction and rolled back with a 409 when the order no
 * longer fits before close, or when it would leave others waiting with no barber before close.
 */
export async function changeAtDesk(deps: Deps, target: OrderTarget, change: () => DeskChange, lang: Language | null): Promise<OrderRow> {
  const now = deps.now();
  return onOrder(deps, target, async (tx, o, shop) => {
    const c = change();
    if (o.status !== 'active') throw conflict(DESK_ERRORS.notWaiting);
    const before = await queueOf(tx, shop, now);
    const barberId = c.barberId === undefined ? o.chosenBarberId : c.barberId;
    if (barberId !== null && barberId !== o.chosenBarberId) {
      const hidden = before.shifts.some((s) => s.barberId === barberId && s.hidden);
      if ((hidden && !deps.config.development) || !worksToday(before, barberId, now))
        throw badRequest(WIRE_ERRORS.barberNotHere, 'barber_id');
    }
    const items = c.choices ? await priceChoices(tx, shop.id, c.choices, lang) : null;
    const sum = (f: (x: { price: number; duration: number }) => number) =>
      items ? items.reduce((a, i) => a + f(i) + i.extras.reduce((x, e) => x + f(e), 0), 0) : null;
    const changed = await changeWaitingOrder(tx, o.id, {
      items,
      duration: sum((x) => x.duration) ?? o.duration,
      price: sum((x) => x.price) ?? o.price,
      chosenBarberId: barberId,
    });
    if (!changed) throw conflict(DESK_ERRORS.notWaiting);
    await refuseStranding(tx, shop, now, unplacedOf(before), changed.id);
    return changed;
  });
}

/** 409 (the transaction rolls back) when the change leaves the order, or anyone else, unplaced before close. */
async function refuseStranding(tx: Queryable, shop: ShopRow, now: number, before: Set<number>, id: number): Promise<void> {
  const after = unplacedOf(await queueOf(tx, shop, now));
  if (after.has(id) && !before.has(id)) throw conflict(DESK_ERRORS.noLongerFits);
  let left = 0;
  for (const x of after) if (!before.has(x) && x !== id) left++;
  if (left > 0) throw conflict(`This change would leave ${left} waiting customer${left === 1 ? '' : 's'} with no barber before close`);
}

/** A party at the desk: its people after the action and until when it may be undone (null once undone). */
export interface PartyAtDesk {
  order_id: number;
  people: { id: number; person: number; status: OrderRow['status']; customer_at_pob: boolean }[];
  undo_until: string | null;
}

function answer(head: OrderRow, people: readonly OrderRow[], undoUntil: number | null): PartyAtDesk {
  return {
    order_id: head.id,
    people: people.map((p) => ({ id: p.id, person: p.person, status: p.status, customer_at_pob: p.checkedIn })),
    undo_until: undoUntil === null ? null : new Date(undoUntil).toISOString(),
  };
}

/** The order's party, the customer's order first: any person's id leads to it. */
async function partyOf(tx: Queryable, o: OrderRow): Promise<{ head: OrderRow; people: OrderRow[] }> {
  const head = o.partyOf === null ? o : await orderById(tx, o.partyOf, { forUpdate: true });
  if (!head) throw conflict(DESK_ERRORS.notWaiting);
  return { head, people: [head, ...(await companionsOf(tx, [head.id]))] };
}

const before = (p: OrderRow): PersonBefore => ({
  id: p.id,
  checkedIn: p.checkedIn,
  checkedInAt: p.checkedInAt,
  steppedOutUntil: p.steppedOutUntil,
});

/**
 * POST /operator/orders/{id}/party/check-in/ and …/party/no-show/: every waiting person of the order's party at
 * once (those in the chair or done stay as they are). A no-show keeps the step-out rule: not before no_show_from of
 * anyone of it who stepped out. Kept for undo (DESK_UNDO_SECONDS).
 */
export async function partyAtDesk(deps: Deps, target: OrderTarget, action: DeskAction): Promise<PartyAtDesk> {
  const now = deps.now();
  let ended: number | null = null;
  let out: PartyAtDesk | null = null;
  await onOrder(deps, target, async (tx, o, shop) => {
    const { head, people } = await partyOf(tx, o);
    const waiting = people.filter((p) => p.status === 'active');
    if (!waiting.length) throw conflict(DESK_ERRORS.notWaiting);
    if (action === 'no-show')
      for (const p of waiting) {
        const from = noShowFrom(p, deps.config.party.graceMinutes);
        if (from !== null && now < from)
          throw conflict(`The customer stepped out and is due back; a no-show only from ${new Date(from).toISOString()}`);
      }
    await saveUndo(tx, { shopId: shop.id, orderId: head.id, action, people: waiting.map(before), now });
    const after = new Map<number, OrderRow>();
    for (const p of waiting) {
      const done = action === 'check-in' ? await checkInOrder(tx, p.id, now) : await endWaitingOrder(tx, p.id, 'no-show', now);
      if (done) after.set(p.id, done);
    }
    if (action === 'no-show') {
      const last = [...after.values()].pop();
      if (last) await receiptWhenDone(tx, last, shop, now);
      ended = head.id;
    }
    out = answer(
      head,
      people.map((p) => after.get(p.id) ?? p),
      now + deps.config.party.deskUndoSeconds * 1000,
    );
    return null;
  });
  if (ended !== null) {
    const id = ended;
    deps.turns.enqueue(() => notifyEnded(deps, id));
  }
  return out as unknown as PartyAtDesk;
}

/** POST /operator/orders/{id}/party/undo/: the party's last check-in or no-show at the desk undone, within DESK_UNDO_SECONDS. */
export async function undoAtDesk(deps: Deps, target: OrderTarget): Promise<PartyAtDesk> {
  const now = deps.now();
  let out: PartyAtDesk | null = null;
  await onOrder(deps, target, async (tx, o) => {
    const { head } = await partyOf(tx, o);
    const u = await lastUndo(tx, head.id);
    if (!u || u.undoneAt !== null) throw conflict(DESK_ERRORS.nothingToUndo);
    if (now > u.madeAt + deps.config.party.deskUndoSeconds * 1000) throw conflict(DESK_ERRORS.tooLateToUndo);
    for (const p of u.people) {
      if (u.action === 'check-in') await uncheckIn(tx, p);
      else await unNoShow(tx, p, u.madeAt);
    }
    if (u.action === 'no-show') await dropReceiptOf(tx, head.id, u.madeAt);
    await markUndone(tx, u.id, now);
    const { people } = await partyOf(tx, (await orderById(tx, head.id)) as OrderRow);
    out = answer(people[0], people, null);
    return null;
  });
  return out as unknown as PartyAtDesk;
}
