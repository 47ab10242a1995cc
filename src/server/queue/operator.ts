/**
 * The shop's side of the queue (DESIGN.md §1 "Operator side"): a per-shop key, the floor as the engine sees
 * it, and the transitions the shop makes: add a walk-in, start, finish (receipt and learned speed), no-show,
 * and switching the online queue to full. Every transition is one transaction of queue/orders.ts.
 */
import { iso } from '../lib/time.ts';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from '../db/db.ts';
import type { Deps } from '../deps.ts';
import { displayName } from '../../shared/display-name.ts';
import { barberImage } from '../domain/barber-image.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors.ts';
import { addOperatorKeyHash, allShops, principalOfKeyHash, touchDevice, type OperatorPrincipal } from '../repos/operators.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { toInternationalPhone } from '../auth/rules.ts';
import { customerByPhone } from '../repos/customers.ts';
import { customerPriority } from '../domain/profile.ts';
import { breaksAt } from '../repos/breaks.ts';
import {
  barberSpeed,
  checkInOrder,
  customerNamePartsOf,
  queueVersion,
  endWaitingOrder,
  finishOrder,
  itemsOf,
  openOrdersOf,
  orderById,
  setQueueFull,
  startOrder,
  type OrderRow,
} from '../repos/orders.ts';
import { insertReceipt, VAT_GENERAL } from '../repos/receipts.ts';
import { itemsInLanguage } from '../repos/item-texts.ts';
import type { Language } from '../../shared/locales.ts';
import { getShop, menuTextsOf, type ShopRow } from '../repos/shops.ts';
import type { WireOperatorOrder, WireOperatorQueue } from '../../shared/wire-order.ts';
import { notifyEnded } from './notify-ended.ts';
import { queueOf } from './order-view.ts';
import { operatorEntry, type OperatorPlan } from './order-wire.ts';
import { changeOrder, inShop, placeOrder, type Choice } from './orders.ts';
import { readyAt } from './floor.ts';
import { schedule } from './schedule.ts';
import type { Snapshot } from './types.ts';
import { recordFinish } from './speed.ts';

/** The order as the operator's transitions take and the operator route answers it. */
export type { OrderRow } from '../repos/orders.ts';

const MINUTE = 60_000;

/** When the engine expects each waiting customer at the shop (floor.ts readyAt); null when he is there or planned as present. */
function expectedArrivals(s: Snapshot): Map<number, string | null> {
  return new Map(
    s.orders.map((o) => {
      const at = readyAt(o, s.now, s.learned);
      return [o.id, Number.isFinite(at) ? iso(at) : null];
    }),
  );
}
/** A barber may start a customer this long before their shift begins (setting up early). */
const EARLY_START_MINUTES = 15;
/** VAT of barber services by country, percent, prices VAT inclusive. */
export const VAT_BY_COUNTRY: Record<string, number> = { FI: VAT_GENERAL, EE: 24, NO: 25, DK: 25, SE: 25 };

/** A new key: 256 random bits, prefixed so it is recognisable in a config file. */
export const newOperatorKey = (): string => `opk_${randomBytes(32).toString('base64url')}`;
/** The key's stored form. A plain SHA-256 suffices: the key is random, not a password. */
export const hashOperatorKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Makes a new key for the shop; its other keys keep working. Null when there is no such shop. */
export async function issueOperatorKey(q: Queryable, shopId: number): Promise<string | null> {
  const key = newOperatorKey();
  return (await addOperatorKeyHash(q, shopId, hashOperatorKey(key))) ? key : null;
}

/**
 * The demo's key file, DATA_DIR/operator-keys.json. When it is missing at start (first seed, or a start killed
 * between the seed's commit and the file), every shop gets a new key, added to any it holds, and the file is
 * written whole (temporary file, then rename): a kill at any point leaves either no file, so the next start
 * issues keys again, or a complete one. Null when the file exists.
 */
export async function writeDemoOperatorKeys(db: Db, dataDir: string): Promise<string | null> {
  const file = join(dataDir, 'operator-keys.json');
  if (existsSync(file)) return null;
  const keys = await db.transaction(async (tx) => {
    const out: Record<string, { name: string; country: string; key: string }> = {};
    for (const s of await allShops(tx)) out[s.id] = { name: s.name, country: s.country, key: (await issueOperatorKey(tx, s.id))! };
    return out;
  });
  mkdirSync(dataDir, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return file;
}

/**
 * Who the bearer is: one of a shop's keys (`npm run operator-key`) or a paired device's key (queue/devices.ts);
 * 401 for no key, an unknown or a revoked one. A device is noted as seen (at most once a minute).
 */
export async function operatorOf(q: Queryable, bearer: string | null, now = Date.now()): Promise<OperatorPrincipal> {
  if (!bearer) throw unauthorized(WIRE_ERRORS.missingOperatorKey);
  // Looked up by the hash of a 256-bit random key: timing reveals nothing an attacker could use.
  const who = await principalOfKeyHash(q, hashOperatorKey(bearer));
  if (!who) throw unauthorized(WIRE_ERRORS.invalidOperatorKey);
  if (who.deviceId !== null) await touchDevice(q, who.deviceId, now);
  return who;
}

/** The demo shop left to the console (README "The console"): the simulator does not play it. Kallio, open round the clock. */
export const DEMO_CONSOLE_SHOP = 2;

/**
 * Every demo start: a fresh console pairing code for the console's demo shop, written into its entry of
 * DATA_DIR/operator-keys.json beside its key (`pairing_code`, `pairing_code_expires_at`), never to a log. The file
 * is rewritten whole (temporary file, then rename); the keys in it stay as they are. Null without the file or shop.
 */
export async function writeDemoPairingCode(db: Db, dataDir: string, shopId: number, now: number): Promise<{ file: string; expiresAt: string } | null> {
  const file = join(dataDir, 'operator-keys.json');
  if (!existsSync(file)) return null;
  const keys = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  const entry = keys[String(shopId)];
  if (!entry) return null;
  const { issuePairingCode } = await import('./devices.ts');
  const issued = await issuePairingCode({ db }, shopId, 'console', now);
  if (!issued) return null;
  keys[String(shopId)] = { ...entry, pairing_code: issued.code, pairing_code_expires_at: issued.expires_at };
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return { file, expiresAt: issued.expires_at };
}

/** The shop whose key the bearer is; 401 for no key or an unknown one. */
export async function operatorShopOf(q: Queryable, bearer: string | null, now = Date.now()): Promise<number> {
  return (await operatorOf(q, bearer, now)).shopId;
}

/**
 * The bearer must be one of the target shop's keys or devices (found by its hash). A valid key of another shop is
 * a 403 (a key of shop A cannot touch shop B), anything else a 401. Reading only: a display passes too.
 */
export async function authorizeShop(q: Queryable, bearer: string | null, target: number, now = Date.now()): Promise<OperatorPrincipal> {
  const who = await operatorOf(q, bearer, now);
  if (who.shopId !== target) throw forbidden(WIRE_ERRORS.otherShopKey);
  return who;
}

/** As authorizeShop, for a change to the shop: a display key only reads (403). */
export async function authorizeAction(q: Queryable, bearer: string | null, target: number, now = Date.now()): Promise<OperatorPrincipal> {
  const who = await authorizeShop(q, bearer, target, now);
  if (who.role === 'display') throw forbidden(WIRE_ERRORS.displayReadOnly);
  return who;
}

async function shopOrThrow(q: Queryable, id: number): Promise<ShopRow> {
  const shop = await getShop(q, id);
  if (!shop) throw notFound('Shop not found');
  return shop;
}

/** GET /operator/pobs/{id}/queue/: barbers and orders, in service first, then waiting in service order. */
/** `lang`: the language of the orders' service names (null: as sold). */
export async function operatorQueue(deps: Deps, shopId: number, lang: Language | null = null): Promise<WireOperatorQueue> {
  const now = deps.now();
  const shop = await shopOrThrow(deps.db, shopId);
  const [queue, open, version, breaks] = await Promise.all([queueOf(deps.db, shop, now), openOrdersOf(deps.db, [shopId]), queueVersion(deps.db, [shopId]), breaksAt(deps.db, shopId, now)]);
  const s = schedule(queue.snapshot);
  const arrivals = expectedArrivals(queue.snapshot);
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
  const speeds = new Map(queue.snapshot.barbers.map((b) => [b.id, b.speed]));
  const entry = (o: OrderRow, plan: Partial<OperatorPlan>) => operatorEntry(o, o.customerId === null ? undefined : names.get(o.customerId), items, plan);
  const serving = open.filter((o) => o.status === 'in_service').sort((a, b) => (a.startedAt ?? 0) - (b.startedAt ?? 0));
  const expectedEnd = (o: OrderRow) => iso((o.startedAt ?? o.joinedAt) + Math.round(o.duration * (speeds.get(o.barberId!) ?? 1) * MINUTE));
  const orders = [
    ...serving.map((o) => entry(o, { expected_end: expectedEnd(o), wait: 0 })),
    ...s.orders.map((r) => entry(byId.get(r.id)!, { barber_id: r.barberId, start: iso(r.start), wait: r.wait, position: r.position, expected_at: arrivals.get(r.id) ?? null })),
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
    pob: { id: shop.id, name: shop.name, open: s.open, full: shop.queueFull, queue_state: s.queueState, closing_soon: s.closingSoon, queue_version: version },
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

/** The order, if it is this shop's; 404 otherwise (another shop's order is checked by the route first). */
export async function shopOrder(q: Queryable, orderId: number | null): Promise<OrderRow> {
  const order = orderId === null ? null : await orderById(q, orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

export async function startService(deps: Deps, order: OrderRow, barberId: number): Promise<void> {
  const now = deps.now();
  await changeOrder(deps, order, async (tx, o) => {
    if (o.status !== 'active') throw conflict('Order is not waiting');
    const shop = await shopOrThrow(tx, o.shopId);
    const queue = await queueOf(tx, shop, now);
    const onShift = queue.snapshot.barbers.some((b) => b.id === barberId && b.shifts.some((w) => w.start - EARLY_START_MINUTES * MINUTE <= now && now < w.end));
    if (!onShift) throw badRequest('Barber is not on shift at this shop now', 'barber_id');
    if (!(await startOrder(tx, o.id, barberId, now))) throw conflict('Order is not waiting');
  });
}

async function writeReceipt(tx: Queryable, o: OrderRow, now: number): Promise<void> {
  const shop = await shopOrThrow(tx, o.shopId);
  const vat = VAT_BY_COUNTRY[shop.country] ?? VAT_GENERAL;
  const items = await itemsOf(tx, [o.id]);
  const texts = await menuTextsOf(
    tx,
    items.map((i) => i.serviceId),
    items.flatMap((i) => i.extras.map((e) => e.id)),
  );
  // Each row keeps its name in every language the menu has, so the customer reads it in theirs.
  const names = (key: string): Record<string, string> => Object.fromEntries(Object.entries(texts.get(key) ?? {}).flatMap(([lang, t]) => (t.title ? [[lang, t.title]] : [])));
  const rows = items.flatMap((i) => [
    { name: i.title, amount: 1, price: i.price, vat, texts: names(`s${i.serviceId}`) },
    ...i.extras.map((e) => ({ name: e.title, amount: 1, price: e.price, vat, texts: names(`e${e.id}`) })),
  ]);
  await insertReceipt(tx, { customerId: o.customerId!, orderId: o.id, shopId: shop.id, pob: { name: shop.name, address: shop.address, city: shop.city }, createdAt: now, rows });
}

/** POST /operator/orders/{id}/finish/: served; the customer's receipt is written and the barber's speed learned. */
export async function finishService(deps: Deps, order: OrderRow): Promise<void> {
  const now = deps.now();
  await changeOrder(deps, order, async (tx, o) => {
    if (o.status !== 'in_service' || o.barberId === null || o.startedAt === null) throw conflict('Order is not in service');
    if (!(await finishOrder(tx, o.id, now))) throw conflict('Order is not in service');
    const prior = (await barberSpeed(tx, o.barberId)) ?? 1;
    await recordFinish(tx, { barberId: o.barberId, orderId: o.id, listedMinutes: o.duration, startedAt: o.startedAt, finishedAt: now, prior });
    if (o.customerId !== null) await writeReceipt(tx, o, now);
  });
  deps.turns.enqueue(() => notifyEnded(deps, order.id));
}

/** The customer is at the desk: checked in (the simulator's remote walk-ins, or an app customer who says so). */
export async function checkInAtDesk(deps: Deps, order: OrderRow): Promise<void> {
  await changeOrder(deps, order, async (tx, o) => {
    if (o.status !== 'active') throw conflict('Order is not waiting');
    await checkInOrder(tx, o.id, deps.now());
  });
}

export async function markNoShow(deps: Deps, order: OrderRow): Promise<void> {
  await changeOrder(deps, order, async (tx, o) => {
    if (o.status !== 'active') throw conflict('Order is not waiting');
    await endWaitingOrder(tx, o.id, 'no-show', deps.now());
  });
  deps.turns.enqueue(() => notifyEnded(deps, order.id));
}

/** PATCH /operator/pobs/{id}/ {full}: closes or reopens the online queue. */
export async function setFull(deps: Deps, shopId: number, full: boolean): Promise<void> {
  await inShop(deps, shopId, (tx) => setQueueFull(tx, shopId, full));
}
