/**
 * The shop page's state: entering and leaving (load, 30 s refresh, clear),
 * the selected barber, the header image height from the window height, whether the fixed header is
 * pinned, the once-per-session header notice, and which service group is in view. The scroll watching
 * that sets the last two lives with the screen (screens/Shop/scroll.ts).
 */
import { batch, computed, signal } from '@preact/signals-react';
import { REFRESH_MS } from '../../shared/constants.ts';
import { headerImageHeight } from '../lib/images.ts';
import { isoWeekday } from '../lib/mappers.ts';
import { toShopDetail } from '../lib/detail-mapper.ts';
import { clockNow } from '../lib/clock.ts';
import { afterMarkup } from '../lib/after-markup.ts';
import { markup } from '../lib/hydrated.ts';
import { effectiveWait, shopState } from '../lib/shop-state.ts';
import { previousPath, redirect } from '../router/history.ts';
import { clearSessionFlag, hasSessionFlag, setSessionFlag } from '../services/session-flags.ts';
import type { WirePobDetail } from '../../shared/wire.ts';
import { language, locale, localeInfo } from './i18n.ts';
import { follow } from './live.ts';
import { shopStreamUrl } from '../services/live.ts';
import { development } from './prefs.ts';
import { clearShop, loadShop, mapDetailsWith, shop, showShop } from './shops.ts';

// The shop's detail is mapped by code that comes with the shop page, not the first route (state/shops.ts).
mapDetailsWith(toShopDetail);

/** The shop header notice appears once per session, after 1000 ms, for 5000 ms. */
const HEADER_NOTICE_DELAY_MS = 1000;
const HEADER_NOTICE_MS = 5000;
const HEADER_NOTICE_FLAG = 'shopHeaderNoticeSeen';
/** A chip tap scrolls smoothly past other groups; their passing must not move the highlight meanwhile. */
const CHIP_SCROLL_LOCK_MS = 1000;

const readWindowHeight = () => (typeof window === 'undefined' ? 0 : window.innerHeight);

/** null = 'Anyone'. Kept when leaving, so a trip to the login page and back keeps the choice. */
export const selectedBarberId = signal<number | null>(null);
/** Read when the page opens, not on every resize: a mobile URL bar changes it while scrolling. */
export const windowHeight = signal(readWindowHeight());
export const imageHeight = computed(() => headerImageHeight(windowHeight.value));
/** The fixed 75 px header shows once the header image has scrolled away under it. */
export const headerPinned = signal(false);
export const headerNoticeOpen = signal(false);
export const activeGroupId = signal<number | null>(null);

export const pageState = computed(() => shopState(shop.value));
export const selectedQueue = computed(() => shop.value?.queues.find((q) => q.barber.id === selectedBarberId.value) ?? null);
/** A selected barber's numeric wait overrides the shop's queue. */
export const wait = computed(() => effectiveWait(shop.value?.queue ?? null, selectedQueue.value?.waitTime));
/** The window of the wait shown: the chosen barber's when his wait is the one shown, else the shop's. */
export const waitRange = computed(() => {
  const q = selectedQueue.value;
  if (q && typeof q.waitTime === 'number') return { low: q.waitLow, high: q.waitHigh };
  return { low: shop.value?.queueLow ?? null, high: shop.value?.queueHigh ?? null };
});

/** Today's ISO weekday where the shops are, for marking today in the week's hours. */
export const todayWeekday = () => isoWeekday(new Date(clockNow()), localeInfo.value.timezone);

export function selectBarber(id: number | null) {
  selectedBarberId.value = id;
}

/** Shows the header notice 1 s after entering, for 5 s, once per session; the flag is set when it shows. */
function startHeaderNotice(): () => void {
  if (hasSessionFlag(HEADER_NOTICE_FLAG)) return () => {};
  let hide: ReturnType<typeof setTimeout> | undefined;
  const show = setTimeout(() => {
    setSessionFlag(HEADER_NOTICE_FLAG);
    headerNoticeOpen.value = true;
    hide = setTimeout(() => (headerNoticeOpen.value = false), HEADER_NOTICE_MS);
  }, HEADER_NOTICE_DELAY_MS);
  return () => {
    clearTimeout(show);
    clearTimeout(hide);
    headerNoticeOpen.value = false;
  };
}

/**
 * Opens the page for the route's id: a bad id or a rejected load goes to /home. Returns the function that
 * leaves it (stops the refresh and timers, clears the shop).
 */
export function enterShopPage(idParam: string | undefined): () => void {
  if (!idParam || !/^\d+$/.test(idParam)) {
    redirect('/home');
    return () => {};
  }
  const id = Number(idParam);
  // A fresh visit from the list starts with 'Anyone'.
  if (previousPath.value === '/home' || previousPath.value === '/') selectedBarberId.value = null;
  windowHeight.value = readWindowHeight();
  let open = true;
  void loadShop(id).then((ok) => {
    if (!ok && open) redirect('/home');
  });
  // While parts of the page are still the server's markup (screens/Shop/parts.tsx), a frame waits for them, the
  // latest kept, and the refresh rests: each part hydrates against what the server rendered.
  let latest: WirePobDetail | null = null;
  let held: (() => void) | null = null;
  const show = (w: WirePobDetail) => {
    if (!markup.peek()) return showShop(w);
    latest = w;
    held ??= afterMarkup(() => {
      held = null;
      if (open && latest) showShop(latest);
      latest = null;
      return undefined;
    });
  };
  // The shop's stream while visible, the 30 s refresh whenever it is not delivering (state/live.ts).
  const stopPoll = follow<WirePobDetail>({
    run: () => markup.peek() || loadShop(id, { refresh: true }),
    everyMs: REFRESH_MS,
    event: 'pob',
    url: async () => shopStreamUrl(locale.peek(), language.peek(), id, development.peek()),
    onData: (w) => {
      if (open && w.id === id) show(w);
    },
  });
  const stopNotice = startHeaderNotice();
  return () => {
    open = false;
    held?.();
    stopPoll();
    stopNotice();
    clearShop();
    activeGroupId.value = null;
  };
}

let lockedUntil = 0;

/** A chip tap chose this group: it stays highlighted while the smooth scroll passes the others. */
export function holdGroup(id: number) {
  activeGroupId.value = id;
  lockedUntil = Date.now() + CHIP_SCROLL_LOCK_MS;
}

/** The scroll spy found this group in view; a chip tap's choice holds for a moment first. */
export function spyGroup(id: number) {
  if (Date.now() >= lockedUntil) activeGroupId.value = id;
}

export function reset() {
  batch(() => {
    selectedBarberId.value = null;
    windowHeight.value = readWindowHeight();
    headerPinned.value = false;
    headerNoticeOpen.value = false;
    activeGroupId.value = null;
  });
  lockedUntil = 0;
  clearSessionFlag(HEADER_NOTICE_FLAG);
}
