/**
 * A barber's day from the console: a break of 15, 30 or 60 minutes, back early, or the end of his day.
 * Each edits today's shift windows inside the shop's inShop, so the change is announced and the engine and the
 * customers' waits follow at once. When a barber ends early, the waiting orders that chose him go to anyone and
 * their customers are told (push, or SMS where allowed) after commit.
 */
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../lib/http-error.ts';
import { dayBounds, localDay } from '../lib/tz.ts';
import {
  barberNameOf,
  breaksAt,
  deleteShift,
  endBreak,
  insertBreak,
  insertShift,
  releaseChosen,
  setShiftEnd,
  setShiftStart,
  shiftWindows,
} from '../repos/breaks.ts';
import { contactsOf, type NoticeChannel } from '../repos/notices.ts';
import { orderById } from '../repos/orders.ts';
import { getShop, type ShopRow } from '../repos/shops.ts';
import { deliver, smsAllowed, type DeliveryOutcome } from '../notify/deliver.ts';
import { noticeText } from '../notify/texts.ts';
import { displayName } from '../../shared/display-name.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';
import { inShop } from '../queue/orders.ts';

const MINUTE = 60_000;
export const BREAK_MINUTES = [15, 30, 60] as const;

const endOfToday = (shop: ShopRow, now: number) => dayBounds(localDay(now, shop.timezone).date, shop.timezone).end;

/** POST …/barbers/{barberId}/break/: the window he is in is cut at now and resumes after the break. */
export async function takeBreak(deps: Deps, shopId: number, barberId: number, minutes: number): Promise<void> {
  const now = deps.now();
  await inShop(deps, shopId, async (tx, shop) => {
    const windows = await shiftWindows(tx, barberId, shopId, now, endOfToday(shop, now));
    const current = windows.find((w) => w.start <= now && now < w.end);
    if (!current) throw conflict(WIRE_ERRORS.barberNotOnShift);
    if ((await breaksAt(tx, shopId, now)).some((b) => b.barberId === barberId)) throw conflict(WIRE_ERRORS.barberOnBreak);
    const until = now + minutes * MINUTE;
    if (current.start < now) await setShiftEnd(tx, current.id, now);
    else await deleteShift(tx, current.id);
    if (until < current.end) await insertShift(tx, barberId, shopId, until, current.end);
    // A later window of today that the break reaches into starts after it.
    for (const w of windows) {
      if (w.id === current.id || w.start >= until) continue;
      if (w.end <= until) await deleteShift(tx, w.id);
      else await setShiftStart(tx, w.id, until);
    }
    await insertBreak(tx, { barberId, shopId, start: now, end: until, shiftEnd: current.end });
  });
}

/** POST …/back/: the break ends now; the rest of the cut window (or of the shift, past its end) starts now. */
export async function backFromBreak(deps: Deps, shopId: number, barberId: number): Promise<void> {
  const now = deps.now();
  await inShop(deps, shopId, async (tx, shop) => {
    const b = (await breaksAt(tx, shopId, now)).find((x) => x.barberId === barberId);
    if (!b) throw conflict(WIRE_ERRORS.barberNotOnBreak);
    const resumed = (await shiftWindows(tx, barberId, shopId, now, endOfToday(shop, now))).find((w) => w.start === b.end);
    if (resumed) await setShiftStart(tx, resumed.id, now);
    else if (now < b.shiftEnd) await insertShift(tx, barberId, shopId, now, b.shiftEnd);
    await endBreak(tx, b.id, now);
  });
}

/**
 * POST …/end-shift/: his windows of today end now (a service in progress is still his to finish); the waiting
 * orders that chose him go to anyone, and their customers are told.
 */
export async function endShift(deps: Deps, shopId: number, barberId: number): Promise<void> {
  const now = deps.now();
  const released = await inShop(deps, shopId, async (tx, shop) => {
    const windows = await shiftWindows(tx, barberId, shopId, now, endOfToday(shop, now));
    const onBreak = (await breaksAt(tx, shopId, now)).filter((b) => b.barberId === barberId);
    if (!windows.length && !onBreak.length) throw conflict(WIRE_ERRORS.barberNotOnShift);
    for (const w of windows) {
      if (w.start < now) await setShiftEnd(tx, w.id, now);
      else await deleteShift(tx, w.id);
    }
    for (const b of onBreak) await endBreak(tx, b.id, now);
    return releaseChosen(tx, shopId, barberId);
  });
  for (const o of released) if (o.customerId !== null) deps.turns.enqueue(() => notifyBarberLeft(deps, o.id, barberId));
}

/** The barber exists and works at the shop today (a window or a break); 404 otherwise. */
export async function barberOfShop(deps: Deps, shopId: number, barberId: number | null): Promise<number> {
  const shop = await getShop(deps.db, shopId);
  const now = deps.now();
  if (!shop || barberId === null) throw notFound('Barber not found');
  const { start, end } = dayBounds(localDay(now, shop.timezone).date, shop.timezone);
  const works =
    (await shiftWindows(deps.db, barberId, shopId, start, end)).length > 0 ||
    (await breaksAt(deps.db, shopId, now)).some((b) => b.barberId === barberId);
  if (!works) throw notFound('Barber not found');
  return barberId;
}

/** Tells the customer that his chosen barber left and the order now goes to anyone: push, and SMS if allowed. */
export async function notifyBarberLeft(deps: Deps, orderId: number, barberId: number): Promise<DeliveryOutcome[]> {
  const order = await orderById(deps.db, orderId);
  if (!order || order.customerId === null || order.status !== 'active') return [];
  const c = (await contactsOf(deps.db, [order.customerId])).get(order.customerId);
  if (!c) return [];
  const [shop, barber] = await Promise.all([getShop(deps.db, order.shopId), barberNameOf(deps.db, barberId)]);
  const params = { shop: shop?.name ?? '', barber: barber ? displayName(barber) : '' };
  const channels: NoticeChannel[] = [];
  if (deps.push && c.fcmToken) channels.push('push');
  if (smsAllowed(c)) channels.push('sms');
  const out: DeliveryOutcome[] = [];
  for (const channel of channels) {
    const outcome = await deliver(deps, {
      orderId,
      kind: 'barber-left',
      channel,
      contact: c,
      text: noticeText('server.barberLeft', c.language, params),
      data: { order_id: String(orderId), kind: 'barber-left' },
      link: '/tracking',
      whileOpen: true,
    });
    if (outcome) out.push(outcome);
  }
  return out;
}
