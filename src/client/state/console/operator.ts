/**
 * The console's state: which device this is and who its key is, the floor as the server last told it, the status
 * line, the party action the desk may still undo, the console's clock and how the floor is kept fresh (feed.ts
 * keeps it; actions.ts changes it), and a failed call in the operator's words.
 */
import { computed, signal } from '@preact/signals-react';
import { ApiError } from '../../services/http.ts';
import { serverTextKey } from '../../lib/account.ts';
import { language, locale, t } from '../i18n.ts';
import type { Floor, Me, PairedDevice } from '../../lib/operator.ts';
import { operatorApi as apiIn } from '../../services/operator.ts';

/** The operator calls, in the language the console shows now. */
export const operatorApi = () => apiIn({ locale: locale.value, language: language.value });

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
export function tell(next: NonNullable<typeof notice.value> | null) {
  if (noticeTimer) clearTimeout(noticeTimer);
  noticeTimer = null;
  notice.value = next;
  if (next)
    noticeTimer = setTimeout(() => {
      noticeTimer = null;
      if (notice.peek() === next) notice.value = null;
    }, noticeLife.ms);
}

/** The party action the desk may still undo: its order, until when (epoch ms), and what it said. */
export const undoable = signal<{ order: number; until: number; text: string } | null>(null);
let undoTimer: ReturnType<typeof setTimeout> | null = null;

export function offerUndo(next: typeof undoable.value) {
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

/** How the floor is kept fresh: 'stream' (pushed) or 'polling'. */
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
