/**
 * The shop console's wire types (the console API: src/shared/wire-operator.ts, wire-devices.ts, wire-chain.ts) and
 * its pure rules: names as the floor shows them, the start suggestion, the walk-in wait, the shop's state.
 */
import type { WireOperatorOrder, WireOperatorQueue } from '../../shared/wire-operator.ts';
import type { DeviceRole } from '../../shared/wire-devices.ts';
import { withInitial } from '../../shared/display-name.ts';
import { WIRE_ERRORS } from '../../shared/wire-errors.ts';

export type { DeviceRole };

export type { WireOperatorMe as Me, WirePairedDevice as PairedDevice } from '../../shared/wire-devices.ts';
export type { WireWalkIn as WalkIn, WireWalkInMenu as WireMenu } from '../../shared/wire-operator.ts';

export type FloorBarber = WireOperatorQueue['barbers'][number];
export type FloorOrder = WireOperatorOrder;
export type Floor = WireOperatorQueue;
export type { WireDevice as Device, WirePairingCode as PairingCode } from '../../shared/wire-devices.ts';
export type { WireShopStats as Stats } from '../../shared/wire-operator.ts';
export type { WireChain as Chain, WireChainShop as ChainShop } from '../../shared/wire-chain.ts';
export type { WireShift as Shift, WireShiftPlan as ShiftPlan } from '../../shared/wire-operator.ts';
import type { WireChain, WireChainRows, WireChainShop } from '../../shared/wire-chain.ts';
export type { WireChainRows as ChainRows } from '../../shared/wire-chain.ts';

/**
 * The chain after the stream's `chain-rows` event (docs/architecture.md, "The chain owner's stream"): its rows
 * replace theirs by id, a new shop is added (in the chain's order, by id), a gone one dropped. An event the chain
 * already has (its version not above `version`) changes nothing; null when it does not follow `version` (a frame was
 * missed: the stream is to be opened again, and its first event is the whole chain).
 */
export function mergeChain(chain: WireChain, version: number, rows: WireChainRows): { chain: WireChain; version: number } | null {
  if (rows.version <= version) return { chain, version };
  if (rows.from !== version) return null;
  const changed = new Map(rows.pobs.map((p) => [p.id, p]));
  const gone = new Set(rows.removed);
  const pobs = chain.pobs.filter((p) => !gone.has(p.id)).map((p) => changed.get(p.id) ?? p);
  const known = new Set(pobs.map((p) => p.id));
  const added = rows.pobs.filter((p) => !known.has(p.id));
  return { chain: { pobs: added.length ? [...pobs, ...added].sort((a, b) => a.id - b.id) : pobs }, version: rows.version };
}

/** The chain screen's sortable columns. */
export type ChainSort = 'name' | 'wait' | 'waiting' | 'barbers' | 'served' | 'noShows' | 'window';
/** A column's value to sort by: nothing known sorts last whichever the direction. */
export function chainValue(s: WireChainShop, by: ChainSort): string | number | null {
  switch (by) {
    case 'name':
      return s.name;
    case 'wait':
      // A closed shop's wait is the wait until it opens: it sorts with the unknown.
      return s.open ? (s.wait?.minutes ?? null) : null;
    case 'waiting':
      return s.waiting_present + s.waiting_on_way;
    case 'barbers':
      return s.barbers_on_shift;
    case 'served':
      return s.figures.today.served;
    case 'noShows':
      return s.figures.today.no_shows;
    case 'window':
      return s.figures.today.in_window_share ?? null;
  }
}
/** The rows sorted by a column (ties by name); flagged shops need no sort to be seen: their row says so. */
export function sortChain(rows: readonly WireChainShop[], by: ChainSort, descending: boolean): WireChainShop[] {
  return [...rows].sort((a, b) => {
    const x = chainValue(a, by);
    const y = chainValue(b, by);
    if (x === null || y === null) return x === y ? a.name.localeCompare(b.name) : x === null ? 1 : -1;
    const d = typeof x === 'string' ? x.localeCompare(y as string) : x - (y as number);
    return (descending ? -d : d) || a.name.localeCompare(b.name);
  });
}

/** "Mikko K.": first name and initial. */
export function shortName(o: Pick<FloorOrder, 'first_name' | 'last_initial' | 'name'>): string {
  const first = o.first_name || o.name;
  return withInitial(first, o.last_initial);
}

/** Waiting orders in service order (the engine's position, 0 = next; shown from 1). */
export function waitingInOrder(floor: Floor): FloorOrder[] {
  return floor.orders
    .filter((o) => o.status === 'waiting')
    .sort(
      (a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.joined_at.localeCompare(b.joined_at),
    );
}

export function servedBy(floor: Floor, barber: FloorBarber): FloorOrder | null {
  return floor.orders.find((o) => o.status === 'in_service' && (o.id === barber.serving || o.barber_id === barber.id)) ?? null;
}

/** Barbers working today: on shift now, on a break, or serving. */
export function barbersToday(floor: Floor): FloorBarber[] {
  return floor.barbers.filter((b) => b.on_shift || b.on_break_until || b.serving !== null);
}

/**
 * The barber the engine suggests for starting an order: the one whose next order it is, else the engine's
 * planned barber, else the chosen one, else the first free barber on shift.
 */
export function suggestedBarber(floor: Floor, order: FloorOrder): number | null {
  const free = (b: FloorBarber) => b.on_shift && b.serving === null && !b.on_break_until;
  const next = floor.barbers.find((b) => b.next_order === order.id && free(b));
  if (next) return next.id;
  for (const id of [order.barber_id, order.chosen_barber_id])
    if (id !== null && floor.barbers.some((b) => b.id === id && free(b))) return id;
  return floor.barbers.find(free)?.id ?? order.barber_id ?? order.chosen_barber_id ?? null;
}

/** The wait a walk-in gets now: the shop's quote for him (walkInQuote); null when the queue takes nobody. */
export function walkInWait(floor: Floor): number | null {
  return walkInQuote(floor)?.wait ?? null;
}

/**
 * The wait a walk-in (no membership, anyone) is quoted now with its window: the server's figure for him, from the same
 * plan as the app's quotes (a barber whose queue is closed before his shift ends is no one's answer, one whose shift
 * starts later may be); from a server that does not say, the shortest open queue on shift. Null when the queue is not
 * open.
 */
export function walkInQuote(floor: Floor): { wait: number; low: number | null; high: number | null } | null {
  if (floor.pob.queue_state !== 'open') return null;
  if (floor.pob.wait_time !== undefined) {
    const { wait_time: wait, wait_low: low, wait_high: high } = floor.pob;
    return wait === null ? null : { wait, low: low ?? null, high: high ?? null };
  }
  const b = walkInQueue(floor);
  return b && b.wait_time !== null ? { wait: b.wait_time, low: b.wait_low ?? null, high: b.wait_high ?? null } : null;
}

/** A barber on shift who serves nobody: free to take the next customer, or (queue closed) taking nobody new. */
export function idleState(b: FloorBarber): 'free' | 'closed' | null {
  if (!b.on_shift || b.serving !== null || b.on_break_until) return null;
  return b.queue_open ? 'free' : 'closed';
}

/** The end of the shift a barber is in now (ISO), or null. */
export function shiftEnd(b: FloorBarber, now: number): string | null {
  return b.shifts.find((w) => Date.parse(w.start) <= now && now < Date.parse(w.end))?.end ?? null;
}

/** The barber a walk-in would get now (the shortest wait of those taking customers), with his likely window. */
export function walkInQueue(floor: Floor): Floor['barbers'][number] | null {
  if (floor.pob.queue_state !== 'open') return null;
  let best: Floor['barbers'][number] | null = null;
  for (const b of floor.barbers) {
    if (!b.on_shift || !b.queue_open || b.on_break_until || b.wait_time === null) continue;
    if (best === null || b.wait_time < (best.wait_time as number)) best = b;
  }
  return best;
}

export type ShopState = 'open' | 'full' | 'closing' | 'closed';
export function shopState(floor: Floor): ShopState {
  if (floor.pob.queue_state === 'closed' || !floor.pob.open) return 'closed';
  if (floor.pob.queue_state === 'full' || floor.pob.full) return 'full';
  return floor.pob.closing_soon ? 'closing' : 'open';
}

/** The UTC offset (ms) of a time zone at an instant. */
function offsetAt(ms: number, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(ms / 1000) * 1000;
}

/** A shop's local date (YYYY-MM-DD) and time (HH:MM) as an ISO instant: what the shift routes take. */
export function zonedIso(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm);
  let at = local - offsetAt(local, timeZone);
  const o = offsetAt(at, timeZone);
  if (local - o !== at) at = local - o;
  return new Date(at).toISOString();
}

/** The shop's local date (YYYY-MM-DD) of an instant. */
export function zonedDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** The server's refusal of a shift change, as a key of operator.shifts.errors with its count; null when not one. */
export function shiftRefusal(message: string): { key: string; count?: number } | null {
  const strands = /^This change would leave (\d+) waiting customers? with no barber before close$/.exec(message.trim());
  if (strands) return { key: 'strands', count: Number(strands[1]) };
  const known: Record<string, string> = {
    [WIRE_ERRORS.shiftTooFar]: 'tooFar',
    [WIRE_ERRORS.shiftOutsideHours]: 'outsideHours',
    [WIRE_ERRORS.shiftOverlaps]: 'overlaps',
    [WIRE_ERRORS.shiftNotFound]: 'notFound',
    'Invalid end': 'times',
  };
  const key = known[message.trim()];
  return key ? { key } : null;
}
