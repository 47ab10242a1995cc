/**
 * Moving a waiting order to another shop of the chain (POST /customers/{id}/orders/{orderId}/move/): the same
 * services and extras there, matched by catalogue key, the old order ended as cancelled and the new one placed, in
 * one transaction that locks both shops' rows in id order (two moves between the same shops in opposite directions
 * cannot deadlock). What a move keeps and drops: docs/decisions.md, 'A shorter queue nearby: catalogue keys and moving'.
 */
import type { Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { badRequest, conflict, notFound } from '../lib/http-error.ts';
import { TooManyRequests } from '../auth/throttle.ts';
import { joinGate } from '../repos/join-gate.ts';
import { itemsOf, type ItemRow } from '../repos/order-items.ts';
import { orderById } from '../repos/orders.ts';
import { catalogueKeysOf, movedTo } from '../repos/moves.ts';
import { cancelParty, companionsOf } from '../repos/parties.ts';
import { extrasOf, type ExtraRow, type LockedShop, lockShopForChange, type ServiceRow, servicesOf } from '../repos/shops.ts';
import { itemsInLanguage } from '../repos/item-texts.ts';
import type { Language } from '../../shared/locales.ts';
import type { WireOrder } from '../../shared/wire-order.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { customerPriority } from './priority.ts';
import { customerOrder, ownOrder, uniqueConflict } from './orders.ts';
import { type Choice, placeOrder } from './place.ts';
import { type Companion, placeCompanions } from './party.ts';
import { viewOf } from './order-read.ts';
import type { ShopQueue } from './snapshot.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface MoveInput {
  /** The shop to move to. */
  pobId: number;
  /** Minutes until the customer expects to be at the other shop, or null. */
  etaMinutes: number | null;
  /** The request's locale: a shop of another country is not found. */
  country: string;
  /** The language of the answer's service names (null: as sold). */
  lang?: Language | null;
}

/**
 * The order's services and extras on the other shop's menu, by catalogue key: a service whose key the other shop
 * lacks is dropped, an extra is kept when its service maps and that service there offers an extra with its key.
 * A service there that takes one extra keeps the first. Pure.
 */
export function mapChoices(
  items: readonly Pick<ItemRow, 'serviceId' | 'extras'>[],
  keys: ReadonlyMap<string, string>,
  services: readonly Pick<ServiceRow, 'id' | 'multiple' | 'catalogueKey'>[],
  extras: readonly Pick<ExtraRow, 'id' | 'serviceId' | 'catalogueKey'>[],
): Choice[] {
  const serviceByKey = new Map<string, Pick<ServiceRow, 'id' | 'multiple'>>();
  for (const s of services) if (s.catalogueKey && !serviceByKey.has(s.catalogueKey)) serviceByKey.set(s.catalogueKey, s);
  const choices: Choice[] = [];
  for (const item of items) {
    const key = keys.get(`s${item.serviceId}`);
    const there = key === undefined ? undefined : serviceByKey.get(key);
    // Two services here with one key there would be the same line twice: the first stands.
    if (!there || choices.some((c) => c.serviceId === there.id)) continue;
    const extraIds: number[] = [];
    for (const e of item.extras) {
      const ekey = keys.get(`e${e.id}`);
      const match = ekey === undefined ? undefined : extras.find((x) => x.serviceId === there.id && x.catalogueKey === ekey);
      if (match && !extraIds.includes(match.id)) extraIds.push(match.id);
    }
    choices.push({ serviceId: there.id, extraIds: there.multiple ? extraIds : extraIds.slice(0, 1) });
  }
  return choices;
}

/** Both shops locked in id order, the moved order's first; a shop missing is null. */
async function lockBoth(tx: Queryable, fromId: number, toId: number): Promise<[LockedShop | null, LockedShop | null]> {
  if (fromId < toId) {
    const from = await lockShopForChange(tx, fromId);
    return [from, await lockShopForChange(tx, toId)];
  }
  const to = await lockShopForChange(tx, toId);
  return [await lockShopForChange(tx, fromId), to];
}

/**
 * POST /customers/{id}/orders/{orderId}/move/: the customer's waiting order, not checked in, leaves its shop and
 * joins `input.pobId` with the same services (by catalogue key), anyone as barber, his membership priority and the
 * arrival he gives; the new order carries moved_from and its own quote and window. All or nothing. A move is a join
 * for JOIN_LIMIT_CUSTOMER. A move sent again after it succeeded answers the order it made.
 */
export async function moveOrder(deps: Deps, customerId: number, orderId: number | null, input: MoveInput): Promise<WireOrder> {
  const order = await ownOrder(deps.db, customerId, orderId);
  if (input.pobId === order.shopId) throw badRequest(WIRE_ERRORS.moveToSameShop, 'pob_id');
  if (order.status === 'cancelled') {
    // A retried move whose answer was lost: the order it made, as the first answer said.
    const made = await movedTo(deps.db, order.id);
    if (made && made.shopId === input.pobId) return customerOrder(deps, customerId, made.id, input.lang ?? null);
  }
  const now = deps.now();
  let shops: [LockedShop, LockedShop] | null = null;
  let kept: ShopQueue | null = null;
  let answer: WireOrder;
  try {
    answer = await deps.db.transaction(async (tx) => {
      shops = null;
      const [from, to] = await lockBoth(tx, order.shopId, input.pobId);
      if (!from) throw notFound(WIRE_ERRORS.orderNotFound);
      if (!to || to.country !== input.country || to.country !== from.country) throw notFound(WIRE_ERRORS.shopNotFound);
      const o = await orderById(tx, order.id, { forUpdate: true });
      if (!o || o.customerId !== customerId) throw notFound(WIRE_ERRORS.orderNotFound);
      if (o.status === 'in_service') throw conflict(WIRE_ERRORS.orderInService);
      if (o.status !== 'active') throw conflict(WIRE_ERRORS.orderNotActive);
      if (o.checkedIn) throw conflict(WIRE_ERRORS.moveAfterCheckIn);
      // A party moves together, each companion with his own services there; one already in the chair keeps it here.
      const companions = (await companionsOf(tx, [o.id])).filter((c) => c.status === 'active' || c.status === 'in_service');
      if (companions.some((c) => c.status === 'in_service')) throw conflict(WIRE_ERRORS.orderInService);
      // A move is a join: join → move → move … in a loop is held to JOIN_LIMIT_CUSTOMER as join → cancel is.
      const limit = deps.config.limits.joinsCustomer;
      const gate = await joinGate(tx, { customerId, since: now - HOUR, limit, key: null, keptSince: now });
      if (gate.recent >= limit) throw new TooManyRequests('joins', (gate.freedAt ?? now) + HOUR - now);
      const items = await itemsOf(tx, [o.id, ...companions.map((c) => c.id)]);
      const extraIds = items.flatMap((i) => i.extras.map((e) => e.id));
      const keys = await catalogueKeysOf(
        tx,
        items.map((i) => i.serviceId),
        extraIds,
      );
      const services = await servicesOf(tx, to.id);
      const extras = await extrasOf(tx, to.id);
      const choicesOf = (orderId: number) =>
        mapChoices(
          items.filter((i) => i.orderId === orderId),
          keys,
          services,
          extras,
        );
      const choices = choicesOf(o.id);
      // Everyone must have something to be served for there; else nothing moves.
      const others: Companion[] = companions.map((c) => ({ name: c.walkInName ?? '', choices: choicesOf(c.id), barberId: null }));
      if (!choices.length || others.some((c) => !c.choices.length)) throw conflict(WIRE_ERRORS.nothingToMove);
      const priority = await customerPriority(tx, customerId, now);
      // First half: the old order ends with its party (the one-open-order index would refuse the new one beside it).
      await cancelParty(tx, o.id, now);
      // Second half: the other shop's queue must take it, or everything rolls back.
      const placed = await placeOrder(tx, now, {
        shop: to,
        customerId,
        walkInName: null,
        barberId: null,
        choices,
        priority,
        checkedIn: false,
        online: true,
        development: deps.config.development,
        expectedAt: input.etaMinutes === null ? null : now + input.etaMinutes * MINUTE,
        movedFrom: o.id,
        stepOutsLeft: o.stepOutsLeft,
      });
      const party = await placeCompanions(tx, now, placed, to, others, { development: deps.config.development, lang: input.lang ?? null });
      const named = await itemsInLanguage(tx, placed.items, input.lang ?? null);
      shops = [from, to];
      kept = party.queue;
      return viewOf({
        ...placed,
        queue: party.queue,
        items: named,
        shop: to,
        look: undefined,
        name: gate.firstname,
        companions: party.members,
      });
    });
  } catch (err) {
    throw uniqueConflict(err) ?? err;
  }
  // Committed: both shops' changes announced, and the turn notifier looks at both (queue/orders.ts inShop).
  const both = shops as [LockedShop, LockedShop] | null;
  const queue = kept as ShopQueue | null;
  if (both) {
    const [from, to] = both;
    for (const s of both) deps.changes.announce({ shopId: s.id, country: s.country, version: s.queueVersion });
    deps.turns.kick(from.id);
    deps.turns.kick(to.id, queue ? { shop: to, version: to.queueVersion, queue } : undefined);
  }
  return answer;
}
