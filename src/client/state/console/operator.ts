/**
 * The console's state: which device this is, the floor as the server last told it, and the live feed:
 * the operator stream (opened with a ticket) while its ticket route answers, else the queue GET
 * every POLL_MS. Actions are refused while offline (never queued) and errors come back in the operator's language.
 */
import { computed, effect, signal } from '@preact/signals-react';
import { ApiError, apiUrl } from '../../services/http.ts';
import { serverTextKey } from '../../lib/account.ts';
import { language, locale, t } from '../i18n.ts';
import { addStrings } from '../languages.ts';
import { loadConsoleDictionary } from '../../services/console/dictionaries.ts';
import type { Language } from '../../../shared/locales.ts';
import { offline } from '../offline.ts';
import type { DeviceRole, Floor, Me, PairedDevice, WalkIn } from '../../lib/operator.ts';
import { loadDevice, operatorApi as apiIn, saveDevice, streamUrl } from '../../services/operator.ts';

/** The operator calls, in the language the console shows now. */
const operatorApi = () => apiIn({ locale: locale.value, language: language.value });

/** Polling when no stream delivers. */
export const POLL_MS = 5000;
/** After a stream failed, how long the console polls before it asks for a new ticket. */
export const STREAM_RETRY_MS = 30_000;

export type Phase = 'loading' | 'pairing' | 'ready';

export const phase = signal<Phase>('loading');
export const device = signal<PairedDevice | null>(null);
export const me = signal<Me | null>(null);
export const floor = signal<Floor | null>(null);
/**
 * The last problem or result to tell the operator (a status line, announced). `refused`: the server said no to an
 * action as it was asked (a 4xx: someone else acted first, the barber is busy), so asking again the same is no use.
 */
export const notice = signal<{ kind: 'error' | 'ok'; text: string; refused?: boolean } | null>(null);
/** How long an action's result or refusal stays on the console's status line (tests shorten it). */
export const noticeLife = { ms: 8000 };
let noticeTimer: ReturnType<typeof setTimeout> | null = null;

/** Tells an action's outcome for noticeLife.ms: the status line must not say a past conflict minutes later. */
function tell(next: NonNullable<typeof notice.value> | null) {
  if (noticeTimer) clearTimeout(noticeTimer);
  noticeTimer = null;
  notice.value = next;
  if (next)
    noticeTimer = setTimeout(() => {
      noticeTimer = null;
      if (notice.peek() === next) notice.value = null;
    }, noticeLife.ms);
}
/** How the floor is kept fresh: 'stream' (pushed) or 'polling'. */
/** The party action the desk may still undo: its order, until when (epoch ms), and what it said. */
export const undoable = signal<{ order: number; until: number; text: string } | null>(null);
let undoTimer: ReturnType<typeof setTimeout> | null = null;

function offerUndo(next: typeof undoable.value) {
  if (undoTimer) clearTimeout(undoTimer);
  undoTimer = null;
  undoable.value = next;
  if (next) {
    undoTimer = setTimeout(
      () => {
        undoTimer = null;
        if (undoable.peek() === next) undoable.value = null;
      },
      Math.max(0, next.until - clock.now()),
    );
  }
}

export const feed = signal<'stream' | 'polling' | 'off'>('off');
/** How often the console's clock ticks while the feed runs: a no-show allowed from a time shows up by itself. */
export const TICK_MS = 15_000;
/** The console's clock (tests replace `clock.now`) and its last tick, in ms. */
export const clock = { now: () => Date.now() };
export const now = signal(clock.now());

/** The shop the chain owner opened from the chain's screen (read-only); a shop's own device has its shop. */
export const shopInView = signal<number | null>(null);
export const pobId = computed(() => me.value?.pob_id ?? device.value?.pob_id ?? shopInView.value);
export const role = computed(() => me.value?.role ?? device.value?.role ?? null);
export const canAct = computed(() => role.value === 'console' || role.value === 'shop');

/** The operator-facing text of a failed call. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.network) return t('operator.errors.offline');
    const key = serverTextKey(err.message);
    if (key && t(key)) return t(key);
    if (err.status === 429) return t('operator.errors.tooManyTries');
    if (err.status === 403) return t('operator.errors.forbidden');
    if (err.status === 409) return t('operator.errors.conflict');
    if (err.status >= 500) return t('operator.errors.server');
    return t('operator.errors.rejected');
  }
  return t('operator.errors.server');
}

/** Back to the pairing screen: the key is unknown or revoked. */
export async function unpair() {
  stopFeed();
  await saveDevice(null);
  device.value = null;
  me.value = null;
  floor.value = null;
  phase.value = 'pairing';
}

/** A 401 anywhere means this key no longer works. */
export async function lostKey(err: unknown): Promise<boolean> {
  if (err instanceof ApiError && err.status === 401) {
    await unpair();
    notice.value = { kind: 'error', text: t('operator.pairing.lost') };
    return true;
  }
  return false;
}

/** Reads the stored device and asks the server who it is; no device or a refused key shows pairing. */
/** The languages whose console strings are in (build.ts keeps them out of the customer's dictionary). */
const consoleTexts = new Map<Language, Promise<void>>();
function consoleStrings(lang: Language): Promise<void> {
  let loading = consoleTexts.get(lang);
  if (!loading) {
    loading = loadConsoleDictionary(lang)
      .then((part) => addStrings(lang, part))
      .catch(() => {
        consoleTexts.delete(lang); // offline: asked again at the next language switch or start
      });
    consoleTexts.set(lang, loading);
  }
  return loading;
}
let followingLanguage = false;

export async function startConsole(): Promise<void> {
  // The console's strings in the operator's language before the first screen, and again whenever he switches.
  await consoleStrings(language.peek());
  if (!followingLanguage) {
    followingLanguage = true;
    effect(() => void consoleStrings(language.value));
  }
  const stored = await loadDevice();
  if (!stored) {
    phase.value = 'pairing';
    return;
  }
  device.value = stored;
  try {
    me.value = await operatorApi().me(stored.key);
  } catch (err) {
    if (await lostKey(err)) return;
    // Offline at start: show what we can with the stored device; the feed keeps asking.
  }
  phase.value = 'ready';
  startFeed();
}

export async function pair(code: string, name: string): Promise<string | null> {
  try {
    const paired = await operatorApi().pair(code.replace(/[\s-]/g, '').toUpperCase(), name.trim());
    await saveDevice(paired);
    device.value = paired;
    notice.value = null;
    me.value = await operatorApi()
      .me(paired.key)
      .catch(() => null);
    phase.value = 'ready';
    startFeed();
    return null;
  } catch (err) {
    return errorText(err);
  }
}

export async function refresh(): Promise<void> {
  const d = device.value;
  const pob = pobId.value;
  if (!d || pob === null) return;
  try {
    floor.value = await operatorApi().floor(d.key, pob);
    now.value = clock.now();
  } catch (err) {
    await lostKey(err);
  }
}

/** An action's answer that is the floor itself (the barbers' day answers it), not an order's state. */
function isFloor(answer: unknown): answer is Floor {
  return typeof answer === 'object' && answer !== null && 'barbers' in answer && 'orders' in answer;
}

/** Runs one action: refused while offline, the floor refreshed after, the error in the operator's words. */
export async function act<T>(run: (key: string, pob: number) => Promise<T>, done?: string): Promise<boolean> {
  const d = device.value;
  const pob = pobId.value;
  if (!d || pob === null) return false;
  if (offline.value || (typeof navigator !== 'undefined' && navigator.onLine === false)) {
    tell({ kind: 'error', text: t('operator.errors.offline') });
    return false;
  }
  try {
    const answer = await run(d.key, pob);
    if (isFloor(answer)) floor.value = answer;
    else await refresh();
    tell(done ? { kind: 'ok', text: done } : null);
    return true;
  } catch (err) {
    if (await lostKey(err)) return false;
    const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429;
    tell({ kind: 'error', text: errorText(err), ...(refused ? { refused } : {}) });
    // A conflict means the floor changed under the desk: show it as it is now.
    if (refused) await refresh();
    return false;
  }
}

// The live feed ---------------------------------------------------------------------------------------------

let pollTimer: ReturnType<typeof setInterval> | null = null;
let tickTimer: ReturnType<typeof setInterval> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let source: EventSource | null = null;
let generation = 0;

function poll() {
  if (pollTimer) return;
  feed.value = 'polling';
  pollTimer = setInterval(() => void refresh(), POLL_MS);
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

/** Tries the stream; on any failure polls, and tries the stream again after STREAM_RETRY_MS. */
async function connect(gen: number) {
  const d = device.value;
  const pob = pobId.value;
  if (!d || pob === null || gen !== generation) return;
  const fallback = () => {
    if (gen !== generation) return;
    source?.close();
    source = null;
    poll();
    if (!retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        void connect(gen);
      }, STREAM_RETRY_MS);
    }
  };
  if (typeof EventSource === 'undefined') return fallback();
  try {
    const { ticket } = await operatorApi().ticket(d.key, pob);
    if (gen !== generation) return;
    const es = new EventSource(streamUrl(pob, ticket, (path) => apiUrl(locale.value, path), language.value));
    source = es;
    es.addEventListener('queue', (e) => {
      try {
        floor.value = JSON.parse((e as MessageEvent<string>).data) as Floor;
        now.value = clock.now();
        stopPolling();
        feed.value = 'stream';
      } catch {
        // A malformed event: the next one or the polling corrects it.
      }
    });
    es.onerror = fallback;
  } catch (err) {
    if (await lostKey(err)) return;
    fallback();
  }
}

export function startFeed() {
  stopFeed();
  const gen = ++generation;
  now.value = clock.now();
  tickTimer = setInterval(() => {
    now.value = clock.now();
  }, TICK_MS);
  void refresh();
  // Polling until the stream's first event arrives, so nothing waits on a stream that never comes.
  poll();
  void connect(gen);
}

export function stopFeed() {
  generation++;
  stopPolling();
  if (tickTimer) clearInterval(tickTimer);
  tickTimer = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  feed.value = 'off';
}

/** Tests start from nothing. */
export function reset() {
  stopFeed();
  phase.value = 'loading';
  device.value = null;
  me.value = null;
  floor.value = null;
  tell(null);
  offerUndo(null);
  now.value = clock.now();
}

/** A read for a console view (devices, figures, a new code, the menu): null when it failed, with the reason told. */
async function read<T>(run: (key: string, pob: number) => Promise<T>): Promise<T | null> {
  let out: T | null = null;
  await act(async (key, pob) => {
    out = await run(key, pob);
  });
  return out;
}

/** Every action and read of the console's screens, each through `act`: refused offline, errors in words. */
export const consoleActions = {
  walkIn: (body: WalkIn, done: string) => act((k, p) => operatorApi().walkIn(k, p, body), done),
  setFull: (full: boolean, done: string) => act((k, p) => operatorApi().setFull(k, p, full), done),
  start: (order: number, barber: number, done: string) => act((k) => operatorApi().start(k, order, barber), done),
  finish: (order: number, done: string) => act((k) => operatorApi().finish(k, order), done),
  checkIn: (order: number, done: string) => act((k) => operatorApi().checkIn(k, order), done),
  noShow: (order: number, done: string) => act((k) => operatorApi().noShow(k, order), done),
  /** The desk changes a waiting order's services (all replaced) or chosen barber; refused when it no longer fits. */
  change: (order: number, body: { services?: WalkIn['services']; barber_id?: number | null }, done: string) =>
    act((k) => operatorApi().change(k, order, body), done),
  /** A whole party checked in or marked a no-show in one call, offered for undo until the server's undo_until. */
  party: (order: number, action: 'check-in' | 'no-show', done: string) =>
    act(async (k) => {
      const answer = await operatorApi().party(k, order, action);
      if (answer.undo_until) offerUndo({ order: answer.order_id, until: Date.parse(answer.undo_until), text: done });
      return answer;
    }, done),
  undo: (order: number, done: string) =>
    act(async (k) => {
      const answer = await operatorApi().party(k, order, 'undo');
      offerUndo(null);
      return answer;
    }, done),
  breakFor: (barber: number, minutes: 15 | 30 | 60, done: string) => act((k, p) => operatorApi().breakFor(k, p, barber, minutes), done),
  back: (barber: number, done: string) => act((k, p) => operatorApi().back(k, p, barber), done),
  endShift: (barber: number, done: string) => act((k, p) => operatorApi().endShift(k, p, barber), done),
  revoke: (device: number, done: string) => act((k, p) => operatorApi().revoke(k, p, device), done),
  devices: () => read((k, p) => operatorApi().devices(k, p)),
  stats: () => read((k, p) => operatorApi().stats(k, p)),
  code: (role: DeviceRole) => read((k, p) => operatorApi().code(k, p, role)),
  /** The menu is public: read even offline-looking, its failure told in the form. */
  menu: () => (pobId.value === null ? Promise.reject(new Error('no shop')) : operatorApi().menu(pobId.value)),
};

// Shifts planned ahead ---------------------------------------------------------------------------------------

export type PlanApi = ReturnType<typeof apiIn>;
/** A call of the shift plan with the device's key for the shop in view: the answer, or the error (a 401 unpairs). */
export async function planCall<T>(run: (api: PlanApi, key: string, pob: number) => Promise<T>): Promise<{ value: T } | { error: unknown }> {
  const d = device.value;
  const pob = pobId.value;
  if (!d || pob === null) return { error: new Error('no shop') };
  if (offline.value || (typeof navigator !== 'undefined' && navigator.onLine === false)) return { error: new ApiError(0, 'offline') };
  try {
    return { value: await run(operatorApi(), d.key, pob) };
  } catch (err) {
    await lostKey(err);
    return { error: err };
  }
}
