/**
 * Runs the demo simulator (simulator.ts) against the database: each tick reads every shop's queue in a few
 * queries, asks the pure step what happens, and applies each action through the operator's domain functions,
 * so the simulated barbers obey every rule a real shop does (fits, locks, receipts, learned speed). Started by
 * server.ts in the embedded demo only; tests drive `simulatorTick` with their own clock instead.
 */
import type { Deps } from '../deps.ts';
import { HttpError } from '../lib/http-error.ts';
import { offsetMs } from '../lib/tz.ts';
import { lastFinishes } from '../repos/order-history.ts';
import { openOrdersOf, orderById } from '../repos/orders.ts';
import { extrasOf, listShops, servicesOf, type ShopRow } from '../repos/shops.ts';
import { rng as seeded, type Rng } from './random.ts';
import { addWalkIn, checkInAtDesk, finishService, markNoShow, startService } from '../operator/actions.ts';
import { schedule } from '../queue/engine/schedule.ts';
import { simulate, type SimAction, type SimService, type SimShop } from './simulator.ts';
import { loadQueues } from '../queue/snapshot.ts';

const COUNTRIES = ['FI', 'EE', 'NO', 'DK', 'SE'];
const DAY = 86_400_000;

async function allShops(deps: Deps): Promise<ShopRow[]> {
  return (await Promise.all(COUNTRIES.map((country) => listShops(deps.db, { country, includeTest: true })))).flat();
}

async function menus(deps: Deps, shops: ShopRow[]): Promise<Map<number, SimService[]>> {
  const out = new Map<number, SimService[]>();
  for (const shop of shops) {
    const [services, extras] = await Promise.all([servicesOf(deps.db, shop.id), extrasOf(deps.db, shop.id)]);
    out.set(
      shop.id,
      services.map((s) => ({
        id: s.id,
        duration: s.duration,
        multiple: s.multiple,
        extraIds: extras.filter((e) => e.serviceId === s.id).map((e) => e.id),
      })),
    );
  }
  return out;
}

/** The simulator's view of every shop at `now`. */
export async function simState(
  deps: Deps,
  now: number,
  menuOf: Map<number, SimService[]>,
  skip: readonly number[] = [],
): Promise<SimShop[]> {
  // A shop left to a person at the console is never played (demo/operator-keys.ts DEMO_CONSOLE_SHOP).
  const shops = (await allShops(deps)).filter((s) => !skip.includes(s.id));
  const ids = shops.map((s) => s.id);
  const [queues, open, finishes] = await Promise.all([
    loadQueues(deps.db, shops, now),
    openOrdersOf(deps.db, ids),
    lastFinishes(deps.db, ids, now - DAY),
  ]);
  return shops.map((shop) => {
    const queue = queues.get(shop.id)!;
    const s = schedule(queue.snapshot);
    const mine = open.filter((o) => o.shopId === shop.id);
    const byId = new Map(mine.map((o) => [o.id, o]));
    return {
      id: shop.id,
      open: s.open,
      full: shop.queueFull,
      localHour: new Date(now + offsetMs(now, shop.timezone)).getUTCHours(),
      wait: s.estimates[0].wait_time,
      services: menuOf.get(shop.id) ?? [],
      barbers: queue.snapshot.barbers.map((b) => {
        const window = b.shifts.find((w) => w.start <= now && now < w.end);
        return { id: b.id, onShift: Boolean(window), idleSince: Math.max(finishes.get(b.id) ?? 0, window?.start ?? now) };
      }),
      serving: mine.flatMap((o) =>
        o.status === 'in_service' && o.barberId !== null
          ? [{ orderId: o.id, barberId: o.barberId, startedAt: o.startedAt ?? o.joinedAt, duration: o.duration }]
          : [],
      ),
      holdMinutes: queue.snapshot.hold?.ahead ?? 0,
      waiting: s.orders.map((r) => {
        const o = byId.get(r.id)!;
        return {
          id: r.id,
          plannedBarberId: r.barberId,
          plannedStart: r.start,
          checkedIn: o.checkedIn,
          simulated: o.customerId === null,
          joinedAt: o.joinedAt,
          chosenBarberId: o.chosenBarberId,
          expectedAt: o.expectedAt,
        };
      }),
    };
  });
}

async function apply(deps: Deps, a: SimAction): Promise<void> {
  if (a.type === 'walk-in') {
    const remote = a.remote && { expectedAt: a.remote.etaMinutes === null ? null : deps.now() + a.remote.etaMinutes * 60_000 };
    await addWalkIn(deps, a.shopId, {
      name: a.name,
      choices: a.choices,
      barberId: a.barberId,
      phone: null,
      simulatedPriority: a.priority,
      checkedIn: a.checkedIn,
      ...(remote && { remote }),
    });
    return;
  }
  const order = await orderById(deps.db, a.orderId);
  if (!order) return;
  if (a.type === 'finish') await finishService(deps, order);
  else if (a.type === 'start') await startService(deps, order, () => a.barberId);
  else if (a.type === 'no-show') await markNoShow(deps, order);
  else await checkInAtDesk(deps, order);
}

export interface Simulator {
  /** One tick now; answers the actions and how many took effect. */
  tick(): Promise<{ actions: SimAction[]; applied: number }>;
  stop(): Promise<void>;
}

/**
 * A simulator over the app's database. With intervalMs it ticks by itself (never two ticks at once);
 * without, the caller (a test) calls tick() with its own clock.
 */
export function simulator(deps: Deps, opts: { intervalMs?: number; rng?: Rng; skipShops?: readonly number[] } = {}): Simulator {
  const r = opts.rng ?? seeded(Date.now() & 0x7fffffff);
  let menuCache: Map<number, SimService[]> | null = null;
  let last: number | null = null;
  let running: Promise<unknown> | null = null;

  const tick = async () => {
    const now = deps.now();
    menuCache ??= await menus(deps, await allShops(deps));
    const tickMinutes = last === null ? (opts.intervalMs ?? 20_000) / 60_000 : Math.min(10, Math.max(0, (now - last) / 60_000));
    last = now;
    const actions = simulate({ shops: await simState(deps, now, menuCache, opts.skipShops), tickMinutes }, now, r);
    let applied = 0;
    for (const a of actions) {
      try {
        await apply(deps, a);
        applied++;
      } catch (err) {
        // A walk-in that no longer fits, an order someone else moved meanwhile: the next tick sees the new state.
        if (!(err instanceof HttpError)) deps.log.warn({ err, action: a }, 'simulator action failed');
      }
    }
    await deps.turns.checkAll();
    return { actions, applied };
  };

  const timer = opts.intervalMs
    ? setInterval(() => {
        if (running) return;
        running = tick()
          .catch((err) => deps.log.warn({ err }, 'simulator tick failed'))
          .finally(() => (running = null));
      }, opts.intervalMs)
    : null;

  return {
    tick,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
