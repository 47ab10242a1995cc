/**
 * A shorter queue nearby (docs/decisions.md, "A shorter queue nearby"): while the shop page or tracking watches,
 * the rule of lib/nearby.ts runs on the shop list the app has (refreshed every 30 s), the customer's position and
 * the settings of config.json; the best candidate's menu (GET /pobs/{id}/) says whether it offers what he picked.
 * `offer` is the one line the screens show; refusing hides it for this shop (or order) for the session.
 */
import { batch, computed, effect, signal, untracked } from '@preact/signals-react';
import { REFRESH_MS } from '../../shared/constants.ts';
import type { WirePobDetail } from '../../shared/wire.ts';
import { clockNow } from '../lib/clock.ts';
import { candidates, holdEnds, nearbySettings, OFF, stepOffer, type Candidate, type Here, type OfferPhase } from '../lib/nearby.ts';
import { matchMenu, pickedItems } from '../lib/nearby-menu.ts';
import type { Selection } from '../lib/order.ts';
import { track } from '../services/analytics.ts';
import { fetchShop } from '../services/catalog.ts';
import { hasSessionFlag, setSessionFlag } from '../services/session-flags.ts';
import { config } from './config.ts';
import { geo } from './geo.ts';
import { language, locale } from './i18n.ts';
import { development } from './prefs.ts';
import { loadShops, shops } from './shops.ts';

export type NearbyWhere = 'shop' | 'tracking';

/** What the screen in view compares: this shop, what he picked here (this shop's ids), and what a refusal hides. */
export interface NearbyInput {
  where: NearbyWhere;
  here: Here;
  selection: Selection;
  /** 'shop:2' on the shop page, 'order:41' on tracking. */
  refuseKey: string;
}

export interface NearbyOffer {
  where: NearbyWhere;
  from: number;
  candidate: Candidate;
  /** Titles of what he picked that the other shop does not offer. */
  missing: string[];
  /** What preselects the rest there (the other shop's ids). */
  selection: Selection;
  refuseKey: string;
}

type Detail = WirePobDetail | 'failed';

export const phase = signal<OfferPhase>(OFF);
/** The input and the candidates of the last evaluation. */
const current = signal<{ input: NearbyInput; list: Candidate[] } | null>(null);
/** Menus read for the offer, by language and shop id, kept for the session (a menu hardly changes). */
const details = signal<ReadonlyMap<string, Detail>>(new Map());
const refusals = signal(0);

let now: () => number = clockNow;
let holdTimer: ReturnType<typeof setTimeout> | undefined;
const loading = new Set<string>();
const shownOnce = new Set<string>();

const refuseFlag = (key: string) => `nearbyRefused:${key}`;
const detailKey = (id: number) => `${language.peek()}:${id}`;
const detailOf = (id: number) => details.value.get(`${language.value}:${id}`);

/** Reads a shop's menu once; a failure is kept too, so it is not asked again every tick. */
function ensureDetail(id: number) {
  const key = detailKey(id);
  if (details.peek().has(key) || loading.has(key)) return;
  loading.add(key);
  fetchShop(locale.peek(), language.peek(), id, development.peek()).then(
    (w) => keep(key, w),
    () => keep(key, 'failed'),
  );
}

function keep(key: string, d: Detail) {
  loading.delete(key);
  details.value = new Map(details.peek()).set(key, d);
}

/** Whether the candidate offers none of the picked services (known only once both menus are read). */
function unfit(input: NearbyInput, id: number): boolean {
  const here = detailOf(input.here.id);
  const there = detailOf(id);
  if (!here || !there) return false;
  if (here === 'failed' || there === 'failed') return true;
  return matchMenu(pickedItems(here, input.selection), there) === null;
}

/** One evaluation: the candidates now, the next phase, the menus it needs, and the timer that ends a hold. */
function evaluate(input: NearbyInput | null) {
  clearTimeout(holdTimer);
  const before = current.peek();
  if (!input) {
    batch(() => {
      current.value = null;
      phase.value = OFF;
    });
    return;
  }
  const s = nearbySettings(config.value.nearby);
  const g = geo.value;
  const position = g.status === 'fulfilled' ? { lat: g.lat, lng: g.lng } : null;
  const all = candidates(shops.value, input.here, position, s);
  // This shop's menu gives the picked services their catalogue keys: read once there is someone to match.
  if (all.length) ensureDetail(input.here.id);
  const list = all.filter((c) => !unfit(input, c.shop.id));
  const sameContext = before?.input.where === input.where && before.input.here.id === input.here.id;
  const next = stepOffer(sameContext ? phase.peek() : OFF, list, now(), s);
  batch(() => {
    current.value = { input, list };
    if (next !== phase.peek()) phase.value = next;
  });
  const watched = next.kind === 'shown' ? next.shopId : next.kind === 'holding' ? list[0]?.shop.id : undefined;
  if (watched !== undefined) ensureDetail(watched);
  const ends = holdEnds(next, s);
  if (ends !== null) holdTimer = setTimeout(() => evaluate(current.peek()?.input ?? null), Math.max(0, ends - now()));
}

let stopWatch: (() => void) | null = null;
let readInput: () => NearbyInput | null = () => null;

/**
 * Starts watching for the screen in view: `input` is read inside an effect, so every signal it reads (the
 * selection, the order) re-evaluates, as do the list, the position, the settings and the menus. The list is read
 * again every 30 s; `readNow` reads it at once too (the shop page) as soon as there is something to compare (a
 * choice: until then no offer can show, and a first visit's page has more pressing work), else the list the app
 * has serves until then (tracking, reached from the list or the shop page: the offer needs its 30 s hold anyway).
 * Returns the stop.
 */
export function watchNearby(input: () => NearbyInput | null, readNow = true): () => void {
  stopWatch?.();
  readInput = input;
  let read = !readNow;
  const refresh = setInterval(() => void loadShops(), REFRESH_MS);
  const stop = effect(() => {
    void details.value;
    const now = input();
    if (now && !read) {
      read = true;
      void untracked(loadShops);
    }
    evaluate(now);
  });
  const stopShown = effect(() => {
    const o = offer.value;
    const key = o && `${o.where}:${o.from}:${o.candidate.shop.id}`;
    if (o && key && !shownOnce.has(key)) {
      shownOnce.add(key);
      track('nearby-offer-shown', props(o));
    }
  });
  const stopAll = () => {
    clearInterval(refresh);
    clearTimeout(holdTimer);
    stop();
    stopShown();
    batch(() => {
      current.value = null;
      phase.value = OFF;
    });
    if (stopWatch === stopAll) stopWatch = null;
  };
  stopWatch = stopAll;
  return stopAll;
}

/** Evaluates again now (the hold's timer does this on its own; tests with their own clock call it). */
export function tickNearby() {
  evaluate(stopWatch ? readInput() : null);
}

/** The line to show: the shown candidate, its menu matched, not refused; null otherwise. */
export const offer = computed((): NearbyOffer | null => {
  void refusals.value;
  const c = current.value;
  const p = phase.value;
  if (!c || p.kind !== 'shown' || hasSessionFlag(refuseFlag(c.input.refuseKey))) return null;
  const candidate = c.list.find((x) => x.shop.id === p.shopId);
  const here = detailOf(c.input.here.id);
  const there = detailOf(p.shopId);
  if (!candidate || !here || !there || here === 'failed' || there === 'failed') return null;
  const match = matchMenu(pickedItems(here, c.input.selection), there);
  if (!match) return null;
  return { where: c.input.where, from: c.input.here.id, candidate, ...match, refuseKey: c.input.refuseKey };
});

/** What the analytics events say of an offer. */
export const props = (o: NearbyOffer) => ({ where: o.where, from: o.from, to: o.candidate.shop.id, gain: Math.round(o.candidate.gain) });

/** "No thanks": hides the offer for this shop (or order) for the session. */
export function refuseOffer() {
  const o = offer.peek();
  if (!o) return;
  setSessionFlag(refuseFlag(o.refuseKey));
  refusals.value++;
  track('nearby-offer-refused', props(o));
}

/** Tests: their own clock (null: the device's again). */
export function setNearbyClock(clock: (() => number) | null) {
  now = clock ?? clockNow;
}

export function reset() {
  stopWatch?.();
  clearTimeout(holdTimer);
  loading.clear();
  shownOnce.clear();
  now = clockNow;
  batch(() => {
    phase.value = OFF;
    current.value = null;
    details.value = new Map();
    refusals.value++;
  });
}
