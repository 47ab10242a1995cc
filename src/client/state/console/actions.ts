/**
 * What the console does: its start (its strings in the operator's language, the stored device asked who it is, else
 * pairing), pairing, and every action and read of its screens through `act`: refused while offline (never queued),
 * the floor refreshed after, errors in the operator's words; the calls of the shifts planned ahead.
 */
import { effect } from '@preact/signals-react';
import { ApiError } from '../../services/http.ts';
import { language, t } from '../i18n.ts';
import { addStrings } from '../languages.ts';
import { loadConsoleDictionary } from '../../services/console/dictionaries.ts';
import type { Language } from '../../../shared/locales.ts';
import { offline } from '../offline.ts';
import type { DeviceRole, Floor, WalkIn } from '../../lib/operator.ts';
import { loadDevice, saveDevice } from '../../services/operator.ts';
import { clock, device, errorText, floor, me, notice, now, offerUndo, operatorApi, phase, pobId, tell } from './operator.ts';
import { lostKey, refresh, startFeed, stopFeed } from './feed.ts';

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

/** Reads the stored device and asks the server who it is; no device or a refused key shows pairing. */
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

export type PlanApi = ReturnType<typeof operatorApi>;
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
