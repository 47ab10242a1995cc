/**
 * The sender of error reports and analytics events, loaded with the first event: scrubs each one
 * (no token, phone or e-mail leaves the phone), keeps the device within its per-minute cap, and sends them in
 * batches with navigator.sendBeacon (fetch with keepalive where there is none), soon after the first event of a
 * batch or when the page is hidden.
 */
import { scrub } from '../../shared/scrub.ts';
import type { WireClientEvent, WireClientEvents } from '../../shared/wire.ts';

/** Where events go and how many a minute. */
export interface ReportTarget {
  /** The endpoint, read when a batch goes (the locale may change meanwhile). */
  url: () => string;
  /** Events a device may send a minute (config.json). */
  perMinute: number;
}

/** A burst (an error that repeats, a join and its analytics) goes as one request. */
const BATCH_DELAY_MS = 2_000;
const MINUTE = 60_000;
/** The cap holds per device, across reloads (an error at start-up repeats with every reload). */
const SENT_KEY = 'client-events-sent';
// The server's limits (routes/schemas/client-events.ts).
const MAX = { message: 2_000, stack: 8_000, route: 200, prop: 200, props: 20 };

let queue: WireClientEvent[] = [];
let to: ReportTarget | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let remembered: number[] = [];

/** Times of the events accepted within the last minute (localStorage when it works, else this page's memory). */
function recent(now: number, add?: number): number[] {
  let list = remembered;
  try {
    list = JSON.parse(localStorage.getItem(SENT_KEY) ?? '[]') as number[];
  } catch {
    // Storage blocked (private mode): this page's count still caps it.
  }
  list = list.filter((t) => typeof t === 'number' && now - t < MINUTE && t <= now);
  if (add !== undefined) {
    list.push(add);
    remembered = list;
    try {
      localStorage.setItem(SENT_KEY, JSON.stringify(list));
    } catch {
      // As above.
    }
  }
  return list;
}

const cut = (s: string, max: number) => scrub(s).slice(0, max);

function clean(e: WireClientEvent): WireClientEvent {
  const out: WireClientEvent = {
    kind: e.kind,
    name: /^[A-Za-z][\w.-]{0,63}$/.test(e.name) ? e.name : 'unnamed',
    at: Math.max(0, Math.round(e.at)),
    route: cut(e.route, MAX.route) || '/',
  };
  if (e.kind === 'error') out.message = cut(e.message || 'Error', MAX.message);
  if (e.stack) out.stack = cut(e.stack, MAX.stack);
  if (e.props)
    out.props = Object.fromEntries(
      Object.entries(e.props)
        .slice(0, MAX.props)
        .map(([k, v]) => [k, typeof v === 'string' ? cut(v, MAX.prop) : v]),
    );
  return out;
}

/** Takes one event, unless the device has had its cap of events this minute (then it is dropped). */
export function enqueue(target: ReportTarget, event: WireClientEvent, now = Date.now()): boolean {
  to = target;
  if (recent(now).length >= target.perMinute) return false;
  recent(now, now);
  queue.push(clean(event));
  timer ??= setTimeout(flush, BATCH_DELAY_MS);
  return true;
}

/** The build: the hash in the entry script's name (build.ts names it by content), 'dev' without one. */
function buildId(): string {
  const src = document.querySelector<HTMLScriptElement>('script[src*="/main-"]')?.src ?? '';
  return /\/main-([\w-]+)\.js/.exec(src)?.[1] ?? 'dev';
}

export function flush() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!to || queue.length === 0) return;
  const batch: WireClientEvents = { build: buildId(), events: queue };
  queue = [];
  const url = to.url();
  const body = JSON.stringify(batch);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A refused beacon: the fetch below tries once more.
  }
  fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {});
}

// A page that goes to the background may never come back: what is queued goes now.
addEventListener('pagehide', flush);
document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());

/** For tests: forget the queue, the target and the counts. */
export function resetClientEvents() {
  if (timer) clearTimeout(timer);
  timer = null;
  queue = [];
  to = null;
  remembered = [];
  try {
    localStorage.removeItem(SENT_KEY);
  } catch {
    // Nothing stored.
  }
}
